#ifndef RIFFLE_CCURL_SHIM_H
#define RIFFLE_CCURL_SHIM_H

/*
 * Typed wrappers over libcurl's variadic entry points, which Swift cannot call.
 * One wrapper per argument kind; each passes its argument through unchanged.
 */

#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>

/* curl_global_init flags are macros built from other macros, which Swift does not import. */
static const long riffle_curl_global_all = CURL_GLOBAL_ALL;
static const int riffle_curl_error_size = CURL_ERROR_SIZE;
/* The version-info struct layout this build was compiled against, for curl_version_info. */
static const CURLversion riffle_curl_version_now = CURLVERSION_NOW;

/* The write and header callback type, named so Swift sees one function type. */
typedef size_t (*riffle_curl_data_callback)(char *buffer, size_t size, size_t count, void *userdata);

static inline CURLcode riffle_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode riffle_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode riffle_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode riffle_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode riffle_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode riffle_easy_setopt_callback(CURL *handle, CURLoption option,
                                                   riffle_curl_data_callback value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode riffle_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode riffle_easy_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode riffle_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLMcode riffle_multi_setopt_long(CURLM *handle, CURLMoption option, long value) {
    return curl_multi_setopt(handle, option, value);
}

/* The multi socket interface: libcurl says which sockets to watch and when its next timeout is due, the
   caller waits on them and reports what happened with curl_multi_socket_action. */
typedef int (*riffle_curl_socket_callback)(CURL *easy, curl_socket_t socket, int what, void *userp, void *socketp);
typedef int (*riffle_curl_timer_callback)(CURLM *multi, long timeout_ms, void *userp);
static const curl_socket_t riffle_curl_socket_timeout = CURL_SOCKET_TIMEOUT;

static inline CURLMcode riffle_multi_setopt_pointer(CURLM *handle, CURLMoption option, void *value) {
    return curl_multi_setopt(handle, option, value);
}

static inline CURLMcode riffle_multi_setopt_socket_callback(CURLM *handle, riffle_curl_socket_callback value) {
    return curl_multi_setopt(handle, CURLMOPT_SOCKETFUNCTION, value);
}

static inline CURLMcode riffle_multi_setopt_timer_callback(CURLM *handle, riffle_curl_timer_callback value) {
    return curl_multi_setopt(handle, CURLMOPT_TIMERFUNCTION, value);
}

/* CURLMsg keeps its result in a union; read it here rather than through Swift's union import. */
static inline CURLcode riffle_msg_result(const CURLMsg *message) {
    return message->data.result;
}

static inline int riffle_msg_is_done(const CURLMsg *message) {
    return message->msg == CURLMSG_DONE;
}

#endif
