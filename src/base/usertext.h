/*
 * usertext.h - the user's text (a word, an argument, a line of a file) made safe and short for
 * a one-line message.
 *
 * Control bytes and bytes that are not UTF-8 become \xNN, so a binary file or an escape
 * sequence cannot break the message or the terminal; text longer than USERTEXT_KEEP bytes is
 * cut there, with its whole length said: "xxxx... (130000 bytes)".
 *
 *   errlist_add(err, "'%s': unexpected argument", user_text(arg).s);
 *
 * The returned struct lives until the end of the full expression (C11 6.2.4p8), which is
 * what a printf-style call needs.
 */
#ifndef GD_USERTEXT_H
#define GD_USERTEXT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Bytes of the user's text kept in a message. */
#define USERTEXT_KEEP 60

typedef struct UserText {
  char s[4 * USERTEXT_KEEP + 40]; /**< every kept byte may become \xNN, plus "... (N bytes)" */
} UserText;

/** s (NULL prints as "(null)") made printable and bounded. */
UserText user_text(const char *s);
/** The n bytes at s (which may hold NUL bytes) made printable and bounded. */
UserText user_text_n(const char *s, size_t n);
/** s made printable (escaped as user_text does) but not cut, into out of size bytes (4 times
 *  strlen(s) + 1 always suffice); returns the bytes written before the NUL. */
size_t user_text_escape(char *out, size_t size, const char *s);

#ifdef __cplusplus
}
#endif
#endif
