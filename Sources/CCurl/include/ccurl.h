#ifndef RIFFLE_CCURL_H
#define RIFFLE_CCURL_H

/*
 * libcurl, loaded when riffle first needs it rather than when the program starts.
 *
 * libcurl brings about thirty libraries with it (TLS twice, SSH, LDAP, Kerberos, RTMP), whose loading and
 * relocation cost every start about 5 ms of CPU: more than a third of `riffle --version`. riffle is not
 * linked against it: `riffle_curl_load` opens `libcurl.so.4` with dlopen, once per process, and every
 * entry point riffle uses is called through the functions below. The types and constants still come from
 * the installed <curl/curl.h>. Call `riffle_curl_global_init` (or `riffle_curl_version_info`) first: the
 * others assume the library is loaded.
 *
 * The variadic setopt and getinfo entry points, which Swift cannot call, get one typed wrapper per
 * argument kind; each passes its argument through unchanged.
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

/* Loads libcurl once (thread-safe; later calls return at once). 1 when it is loaded and has every entry
 * point riffle uses, 0 otherwise (then `riffle_curl_load_error` says why). */
int riffle_curl_load(void);
/* Why loading failed (dlerror's text, or the missing symbol); an empty string when it did not. */
const char *riffle_curl_load_error(void);

/* curl_global_init after loading; CURLE_FAILED_INIT when libcurl cannot be loaded. */
CURLcode riffle_curl_global_init(long flags);
/* curl_version_info after loading; NULL when libcurl cannot be loaded. */
curl_version_info_data *riffle_curl_version_info(CURLversion version);

CURLM *riffle_multi_init(void);
CURLMcode riffle_multi_cleanup(CURLM *multi);
CURLMcode riffle_multi_setopt_long(CURLM *multi, CURLMoption option, long value);
CURLMcode riffle_multi_wakeup(CURLM *multi);
CURLMcode riffle_multi_poll(CURLM *multi, struct curl_waitfd extra[], unsigned int count, int timeout_ms,
                            int *ready);
CURLMcode riffle_multi_perform(CURLM *multi, int *running);
CURLMsg *riffle_multi_info_read(CURLM *multi, int *remaining);
CURLMcode riffle_multi_add_handle(CURLM *multi, CURL *easy);
CURLMcode riffle_multi_remove_handle(CURLM *multi, CURL *easy);

CURL *riffle_easy_init(void);
void riffle_easy_cleanup(CURL *easy);
const char *riffle_easy_strerror(CURLcode code);
CURLcode riffle_easy_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode riffle_easy_setopt_string(CURL *handle, CURLoption option, const char *value);
CURLcode riffle_easy_setopt_pointer(CURL *handle, CURLoption option, void *value);
CURLcode riffle_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value);
CURLcode riffle_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value);
CURLcode riffle_easy_setopt_callback(CURL *handle, CURLoption option, riffle_curl_data_callback value);
CURLcode riffle_easy_getinfo_long(CURL *handle, CURLINFO info, long *value);
CURLcode riffle_easy_getinfo_string(CURL *handle, CURLINFO info, char **value);
CURLcode riffle_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value);

struct curl_slist *riffle_slist_append(struct curl_slist *list, const char *string);
void riffle_slist_free_all(struct curl_slist *list);

/* CURLMsg keeps its result in a union; read it here rather than through Swift's union import. */
static inline CURLcode riffle_msg_result(const CURLMsg *message) {
    return message->data.result;
}

static inline int riffle_msg_is_done(const CURLMsg *message) {
    return message->msg == CURLMSG_DONE;
}

#endif
