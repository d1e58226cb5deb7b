build-native/src/cli_contact.o: src/cli_contact.c src/cli.h \
 src/cli_args.h src/error.h src/contact.h src/damping.h src/normal.h \
 src/model.h src/tangential.h src/mixing.h src/json.h
src/cli.h:
src/cli_args.h:
src/error.h:
src/contact.h:
src/damping.h:
src/normal.h:
src/model.h:
src/tangential.h:
src/mixing.h:
src/json.h:
