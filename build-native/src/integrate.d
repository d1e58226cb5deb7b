build-native/src/integrate.o: src/integrate.c src/integrate.h \
 src/particles.h
src/integrate.h:
src/particles.h:
