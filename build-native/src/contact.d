build-native/src/contact.o: src/contact.c src/contact.h src/damping.h \
 src/normal.h src/model.h src/error.h src/tangential.h src/mixing.h
src/contact.h:
src/damping.h:
src/normal.h:
src/model.h:
src/error.h:
src/tangential.h:
src/mixing.h:
