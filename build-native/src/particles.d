build-native/src/particles.o: src/particles.c src/particles.h src/error.h
src/particles.h:
src/error.h:
