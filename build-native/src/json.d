build-native/src/json.o: src/json.c src/json.h
src/json.h:
