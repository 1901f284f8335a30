#!/usr/bin/env python3
"""riffle plugin: events of a repository from a GitHub-style REST API, paged by Link headers.

GET {base_url}/repos/{owner}/{repo}/events?per_page=N answers a JSON array, newest first, and a
`Link: <...>; rel="next"` header; the cursor riffle keeps is that next URL. Standard library only.

Speaks riffle's JSON-lines protocol: one request per line on stdin,
  {"params": {...}, "page_size": N, "cursor": null | "..."}
one answer per line on stdout,
  {"items": [...], "cursor": "...", "has_more": true|false}  or  {"error": "...", "retryable": true|false}
"""
import json
import re
import sys
import urllib.error
import urllib.parse
import urllib.request

DESCRIPTION = {
    "description": "Events of a repository from a GitHub-style REST API (Link-header paging)",
    "params": {
        "base_url": {"default": "https://api.github.com", "description": "API base URL"},
        "owner": {"required": True, "description": "repository owner"},
        "repo": {"required": True, "description": "repository name"},
        "token": {"default": "", "description": "optional token, sent as Authorization: Bearer"},
    },
}

RETRYABLE_STATUSES = (408, 429, 500, 502, 503, 504)

LINK = re.compile(r'<([^>]*)>\s*;\s*rel="?([^",;]+)"?')


def next_link(header):
    for url, rel in LINK.findall(header or ""):
        if "next" in rel.split():
            return url
    return None


def fetch(url, token):
    headers = {"Accept": "application/json", "User-Agent": "riffle-rest-events"}
    if token:
        headers["Authorization"] = "Bearer " + token
    request = urllib.request.Request(url, headers=headers)
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response), next_link(response.headers.get("Link"))


def page(request):
    params = request.get("params") or {}
    for name in ("owner", "repo"):
        if not params.get(name):
            return {"error": "missing param " + name}
    base = (params.get("base_url") or DESCRIPTION["params"]["base_url"]["default"]).rstrip("/")
    url = request.get("cursor")
    if not url:
        size = max(1, min(100, int(request.get("page_size") or 30)))
        url = "%s/repos/%s/%s/events?per_page=%d" % (
            base, urllib.parse.quote(params["owner"], safe=""), urllib.parse.quote(params["repo"], safe=""), size)
    elif not url.startswith(base + "/"):
        return {"error": "cursor does not point at " + base}
    try:
        events, following = fetch(url, params.get("token"))
    except urllib.error.HTTPError as error:
        # 408, 429 and 5xx pass; riffle loads the page again with the source's retries and backoff.
        return {"error": "HTTP %d from %s" % (error.code, url.split("?")[0]),
                "retryable": error.code in RETRYABLE_STATUSES}
    except (urllib.error.URLError, OSError, ValueError) as error:
        # A reset, a timeout, a cut-off or non-JSON body (a proxy's page): worth another try.
        return {"error": "cannot read %s: %s" % (url.split("?")[0], error), "retryable": True}
    if not isinstance(events, list):
        return {"error": "expected a JSON array of events"}
    items = []
    for event in events:
        if not isinstance(event, dict):
            continue
        actor = event.get("actor") if isinstance(event.get("actor"), dict) else {}
        item = {
            "id": str(event.get("id", "")),
            "time": event.get("created_at"),
            "title": event.get("title") or event.get("type") or "",
            "url": event.get("html_url"),
            "author": actor.get("login"),
            "tags": [event["type"]] if event.get("type") else [],
            "extra": {"type": event.get("type")},
        }
        items.append({key: value for key, value in item.items() if value is not None})
    return {"items": items, "cursor": following, "has_more": bool(following) and bool(events)}


def main():
    if "--describe" in sys.argv[1:]:
        print(json.dumps(DESCRIPTION))
        return
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            answer = page(json.loads(line))
        except Exception as error:  # one bad request must not kill the plugin
            answer = {"error": "%s: %s" % (type(error).__name__, error)}
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
