build-native/src/numparse.o: src/numparse.c src/numparse.h
src/numparse.h:
