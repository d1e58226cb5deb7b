build-native/src/type_table.o: src/type_table.c src/type_table.h \
 src/error.h src/model.h src/damping.h src/normal.h src/tangential.h \
 src/mixing.h src/numparse.h
src/type_table.h:
src/error.h:
src/model.h:
src/damping.h:
src/normal.h:
src/tangential.h:
src/mixing.h:
src/numparse.h:
