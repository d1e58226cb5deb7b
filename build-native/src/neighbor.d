build-native/src/neighbor.o: src/neighbor.c src/neighbor.h \
 src/particles.h src/error.h
src/neighbor.h:
src/particles.h:
src/error.h:
