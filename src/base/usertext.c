/* usertext.c - the user's text made printable and bounded for messages (see usertext.h). */
#include "usertext.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* Length of the well-formed UTF-8 sequence at s (n bytes left), 0 if it is not one. The
 * ranges are those of Unicode 15, table 3-7: no overlong forms, no surrogates, <= U+10FFFF. */
static size_t utf8_sequence(const unsigned char *s, size_t n) {
  const unsigned c = s[0];
  size_t len;
  unsigned lo = 0x80, hi = 0xBF; /* allowed range of the second byte */
  if (c < 0x80) return 1;
  if (c >= 0xC2 && c <= 0xDF) len = 2;
  else if (c >= 0xE0 && c <= 0xEF) len = 3;
  else if (c >= 0xF0 && c <= 0xF4) len = 4;
  else return 0;
  if (c == 0xE0) lo = 0xA0;
  if (c == 0xED) hi = 0x9F;
  if (c == 0xF0) lo = 0x90;
  if (c == 0xF4) hi = 0x8F;
  if (len > n || s[1] < lo || s[1] > hi) return 0;
  for (size_t k = 2; k < len; k++)
    if ((s[k] & 0xC0) != 0x80) return 0;
  /* U+0080..U+009F are C1 controls (0x9B is a terminal's CSI): escaped like C0 controls. */
  if (c == 0xC2 && s[1] <= 0x9F) return 0;
  return len;
}

/* Appends the character at u[*i] (n bytes left) to out at *k, escaped when it is not printable
 * UTF-8; false (nothing written) when it does not fit in size bytes with a terminating NUL. */
static bool put_char(const unsigned char *u, size_t *i, size_t n, char *out, size_t *k, size_t size) {
  const size_t len = utf8_sequence(u + *i, n - *i);
  const bool plain = len > 1 || (len == 1 && u[*i] >= 0x20 && u[*i] != 0x7F);
  const size_t need = plain ? len : 4;
  if (*k + need >= size) return false;
  if (plain) {
    memcpy(out + *k, u + *i, len);
    *i += len;
  } else {
    snprintf(out + *k, size - *k, "\\x%02X", u[(*i)++]);
  }
  *k += need;
  return true;
}

UserText user_text_n(const char *s, size_t n) {
  UserText t;
  size_t k = 0, i = 0;
  const unsigned char *u = (const unsigned char *)s;
  while (i < n && i < USERTEXT_KEEP) {
    const size_t len = utf8_sequence(u + i, n - i);
    if (len > 1 && i + len > USERTEXT_KEEP) break; /* never half a character */
    put_char(u, &i, n, t.s, &k, sizeof t.s);
  }
  if (i < n) snprintf(t.s + k, sizeof t.s - k, "... (%zu bytes)", n);
  else t.s[k] = '\0';
  return t;
}

size_t user_text_escape(char *out, size_t size, const char *s) {
  const unsigned char *u = (const unsigned char *)s;
  const size_t n = strlen(s);
  size_t k = 0, i = 0;
  while (i < n && put_char(u, &i, n, out, &k, size)) {
  }
  if (size > 0) out[k] = '\0';
  return k;
}

UserText user_text(const char *s) {
  if (!s) return user_text_n("(null)", 6);
  return user_text_n(s, strlen(s));
}
