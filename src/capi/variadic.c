// The variadic entry points of the error API. Stable Rust cannot define C-variadic functions, so
// these format the message here and hand it to the Rust handler chain (mju_error_raw and
// _mjrs_warning_raw are implemented in src/capi/error.rs).
#include <stdarg.h>
#include <stdio.h>

void mju_error_raw(const char* msg);
void _mjrs_warning_raw(const char* msg);

void mju_error_v(const char* msg, va_list args) {
  char text[1024];
  vsnprintf(text, sizeof(text), msg, args);
  mju_error_raw(text);
}

void mju_error(const char* msg, ...) {
  va_list args;
  va_start(args, msg);
  mju_error_v(msg, args);
  va_end(args);
}

void mju_warning(const char* msg, ...) {
  char text[1024];
  va_list args;
  va_start(args, msg);
  vsnprintf(text, sizeof(text), msg, args);
  va_end(args);
  _mjrs_warning_raw(text);
}

void mju_error_i(const char* msg, int i) { mju_error(msg, i); }
void mju_error_s(const char* msg, const char* text) { mju_error(msg, text); }
void mju_warning_i(const char* msg, int i) { mju_warning(msg, i); }
void mju_warning_s(const char* msg, const char* text) { mju_warning(msg, text); }
