build-native/src/datafile.o: src/datafile.c src/datafile.h src/error.h \
 src/particles.h src/numparse.h src/output.h
src/datafile.h:
src/error.h:
src/particles.h:
src/numparse.h:
src/output.h:
