build-native/src/model.o: src/model.c src/model.h src/damping.h \
 src/normal.h src/error.h src/tangential.h src/mixing.h src/json.h \
 src/numparse.h
src/model.h:
src/damping.h:
src/normal.h:
src/error.h:
src/tangential.h:
src/mixing.h:
src/json.h:
src/numparse.h:
