#include "ccurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

/* The entry points riffle uses, resolved from the loaded library. Written once, under `once`. */
static struct {
    CURLcode (*global_init)(long);
    curl_version_info_data *(*version_info)(CURLversion);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_cleanup)(CURLM *);
    CURLMcode (*multi_setopt)(CURLM *, CURLMoption, ...);
    CURLMcode (*multi_wakeup)(CURLM *);
    CURLMcode (*multi_poll)(CURLM *, struct curl_waitfd[], unsigned int, int, int *);
    CURLMcode (*multi_perform)(CURLM *, int *);
    CURLMsg *(*multi_info_read)(CURLM *, int *);
    CURLMcode (*multi_add_handle)(CURLM *, CURL *);
    CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
} curl;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded;
static char load_error[256];

/* Resolves `name` into `*slot`; 0 (and the error noted) when the library lacks it. */
static int resolve(void *library, const char *name, void **slot) {
    *slot = dlsym(library, name);
    if (*slot == NULL) {
        snprintf(load_error, sizeof load_error, "libcurl.so.4 has no %s", name);
        return 0;
    }
    return 1;
}

static void load(void) {
    /* RTLD_LOCAL: libcurl's symbols stay out of the global namespace; nothing else in riffle uses them. */
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *error = dlerror();
        snprintf(load_error, sizeof load_error, "%s", error != NULL ? error : "cannot load libcurl.so.4");
        return;
    }
#define RESOLVE(field, name) \
    if (!resolve(library, name, (void **)&curl.field)) return;
    RESOLVE(global_init, "curl_global_init")
    RESOLVE(version_info, "curl_version_info")
    RESOLVE(multi_init, "curl_multi_init")
    RESOLVE(multi_cleanup, "curl_multi_cleanup")
    RESOLVE(multi_setopt, "curl_multi_setopt")
    RESOLVE(multi_wakeup, "curl_multi_wakeup")
    RESOLVE(multi_poll, "curl_multi_poll")
    RESOLVE(multi_perform, "curl_multi_perform")
    RESOLVE(multi_info_read, "curl_multi_info_read")
    RESOLVE(multi_add_handle, "curl_multi_add_handle")
    RESOLVE(multi_remove_handle, "curl_multi_remove_handle")
    RESOLVE(easy_init, "curl_easy_init")
    RESOLVE(easy_cleanup, "curl_easy_cleanup")
    RESOLVE(easy_strerror, "curl_easy_strerror")
    RESOLVE(easy_setopt, "curl_easy_setopt")
    RESOLVE(easy_getinfo, "curl_easy_getinfo")
    RESOLVE(slist_append, "curl_slist_append")
    RESOLVE(slist_free_all, "curl_slist_free_all")
#undef RESOLVE
    loaded = 1;
}

int riffle_curl_load(void) {
    pthread_once(&once, load);
    return loaded;
}

const char *riffle_curl_load_error(void) {
    riffle_curl_load();
    return load_error;
}

CURLcode riffle_curl_global_init(long flags) {
    return riffle_curl_load() ? curl.global_init(flags) : CURLE_FAILED_INIT;
}

curl_version_info_data *riffle_curl_version_info(CURLversion version) {
    return riffle_curl_load() ? curl.version_info(version) : NULL;
}

CURLM *riffle_multi_init(void) { return curl.multi_init(); }
CURLMcode riffle_multi_cleanup(CURLM *multi) { return curl.multi_cleanup(multi); }
CURLMcode riffle_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return curl.multi_setopt(multi, option, value);
}
CURLMcode riffle_multi_wakeup(CURLM *multi) { return curl.multi_wakeup(multi); }
CURLMcode riffle_multi_poll(CURLM *multi, struct curl_waitfd extra[], unsigned int count, int timeout_ms,
                            int *ready) {
    return curl.multi_poll(multi, extra, count, timeout_ms, ready);
}
CURLMcode riffle_multi_perform(CURLM *multi, int *running) { return curl.multi_perform(multi, running); }
CURLMsg *riffle_multi_info_read(CURLM *multi, int *remaining) { return curl.multi_info_read(multi, remaining); }
CURLMcode riffle_multi_add_handle(CURLM *multi, CURL *easy) { return curl.multi_add_handle(multi, easy); }
CURLMcode riffle_multi_remove_handle(CURLM *multi, CURL *easy) { return curl.multi_remove_handle(multi, easy); }

CURL *riffle_easy_init(void) { return curl.easy_init(); }
void riffle_easy_cleanup(CURL *easy) { curl.easy_cleanup(easy); }
const char *riffle_easy_strerror(CURLcode code) { return curl.easy_strerror(code); }

CURLcode riffle_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl.easy_setopt(handle, option, value);
}
CURLcode riffle_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl.easy_setopt(handle, option, value);
}
CURLcode riffle_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl.easy_setopt(handle, option, value);
}
CURLcode riffle_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl.easy_setopt(handle, option, value);
}
CURLcode riffle_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl.easy_setopt(handle, option, value);
}
CURLcode riffle_easy_setopt_callback(CURL *handle, CURLoption option, riffle_curl_data_callback value) {
    return curl.easy_setopt(handle, option, value);
}
CURLcode riffle_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl.easy_getinfo(handle, info, value);
}
CURLcode riffle_easy_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    return curl.easy_getinfo(handle, info, value);
}
CURLcode riffle_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl.easy_getinfo(handle, info, value);
}

struct curl_slist *riffle_slist_append(struct curl_slist *list, const char *string) {
    return curl.slist_append(list, string);
}
void riffle_slist_free_all(struct curl_slist *list) { curl.slist_free_all(list); }
