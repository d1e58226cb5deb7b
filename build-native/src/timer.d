build-native/src/timer.o: src/timer.c src/timer.h
src/timer.h:
