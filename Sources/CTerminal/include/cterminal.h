#ifndef RIFFLE_CTERMINAL_H
#define RIFFLE_CTERMINAL_H
/// C helpers for the terminal layer: what Glibc hides from Swift (wcwidth behind _XOPEN_SOURCE).
int riffle_wcwidth(unsigned int scalar);
#endif
