#!/usr/bin/env bash
# The baseline of `riffle-bench export --only limit`: the naive way to export the same six sandbox
# sources — one page request after another with curl, the next cursor or offset taken out with jq,
# each item re-emitted as one JSON line with jq. No merge, no concurrency.
#
#   scripts/baseline-curl-jq.sh SANDBOX_URL [PAGE_SIZE]
#
# SANDBOX_URL is a running riffle-sandbox (http://127.0.0.1:PORT) accepting its default token
# (sandbox-token, sent to GitLab as riffle's config does, so confidential issues count too); PAGE_SIZE
# defaults to 21. Items go
# to stdout (NDJSON), one line per item; the number of requests per source goes to stderr. It asks for
# exactly the pages riffle asks for with the config `riffle-bench export` writes: it stops a source when
# the API says there is no next page, or (offset paging) when a page is shorter than PAGE_SIZE.
set -euo pipefail

if [ $# -lt 1 ]; then
  echo "usage: $0 SANDBOX_URL [PAGE_SIZE]" >&2
  exit 64
fi
base="${1%/}"
size="${2:-21}"

post() { # post URL [CURL_OPTION...] BODY: prints the response body; fails on an HTTP error
  local url=$1 body=${*: -1}
  curl -sS --fail -X POST -H 'Content-Type: application/json' -H 'Accept: application/json' \
    "${@:2:$#-2}" --data-binary "$body" "$url"
}

gitlab_query='query riffleIssues($fullPath: ID!, $first: Int!, $after: String, $state: IssuableState) {
  project(fullPath: $fullPath) {
    issues(first: $first, after: $after, sort: UPDATED_DESC, state: $state) {
      nodes { id iid title state updatedAt webUrl description userNotesCount
        author { username name } labels { nodes { title color textColor } } milestone { title } }
      pageInfo { endCursor hasNextPage }
    }
  }
}'

gitlab() { # gitlab NAME PROJECT
  local name=$1 project=$2 after=null requests=0 page
  while :; do
    page=$(post "$base/api/graphql" -H 'Authorization: Bearer sandbox-token' "$(jq -cn --arg q "$gitlab_query" --arg p "$project" \
      --argjson first "$size" --argjson after "$after" \
      '{query: $q, operationName: "riffleIssues",
        variables: ({fullPath: $p, first: $first, state: "all"} + (if $after then {after: $after} else {} end))}')")
    requests=$((requests + 1))
    jq -c --arg s "$name" '.data.project.issues.nodes[] | {source: $s, id, time: .updatedAt, title, url: .webUrl,
      author: .author.username, summary: .description, tags: [.labels.nodes[].title]}' <<<"$page"
    [ "$(jq -r '.data.project.issues.pageInfo.hasNextPage' <<<"$page")" = true ] || break
    after=$(jq -c '.data.project.issues.pageInfo.endCursor' <<<"$page")
  done
  echo "$name: $requests requests" >&2
}

spacex() { # spacex NAME
  local name=$1 number=1 requests=0 page
  while :; do
    page=$(post "$base/v4/launches/query" "$(jq -cn --argjson page "$number" --argjson limit "$size" \
      '{query: {}, options: {page: $page, limit: $limit, sort: {date_unix: "desc"}, populate: [{path: "rocket"}]}}')")
    requests=$((requests + 1))
    jq -c --arg s "$name" '.docs[] | {source: $s, id, time: .date_utc, title: .name,
      url: (.links.webcast // .links.article // .links.wikipedia), summary: .details, tags: [.rocket.name]}' <<<"$page"
    [ "$(jq -r '.hasNextPage' <<<"$page")" = true ] || break
    number=$(jq -r '.nextPage' <<<"$page")
  done
  echo "$name: $requests requests" >&2
}

graphql_cursor() { # graphql_cursor NAME QUERY CONNECTION_PATH ITEM_FILTER: Relay-style cursor paging
  local name=$1 query=$2 connection=$3 filter=$4 after=null requests=0 page
  while :; do
    page=$(post "$base/graphql" "$(jq -cn --arg q "$query" --argjson first "$size" --argjson after "$after" \
      '{query: $q, variables: ({first: $first} + (if $after then {after: $after} else {} end))}')")
    requests=$((requests + 1))
    jq -c --arg s "$name" "$connection | $filter" <<<"$page"
    [ "$(jq -r "$connection.pageInfo.hasNextPage" <<<"$page")" = true ] || break
    after=$(jq -c "$connection.pageInfo.endCursor" <<<"$page")
  done
  echo "$name: $requests requests" >&2
}

events() { # events NAME: offset paging, ends at a short page
  local name=$1 offset=0 requests=0 page count
  local query='query($limit: Int!, $offset: Int!) { events(offset: $offset, limit: $limit) { id name at } }'
  while :; do
    page=$(post "$base/graphql" "$(jq -cn --arg q "$query" --argjson limit "$size" --argjson offset "$offset" \
      '{query: $q, variables: {limit: $limit, offset: $offset}}')")
    requests=$((requests + 1))
    jq -c --arg s "$name" '.data.events[] | {source: $s, id, time: .at, title: .name}' <<<"$page"
    count=$(jq '.data.events | length' <<<"$page")
    [ "$count" -ge "$size" ] && [ "$count" -gt 0 ] || break
    offset=$((offset + count))
  done
  echo "$name: $requests requests" >&2
}

gitlab rocket sandbox/rocket
gitlab ground sandbox/ground
spacex launches
graphql_cursor articles \
  'query($first: Int!, $after: String) { articles(first: $first, after: $after) {
     nodes { id headline publishedAt byline url } pageInfo { endCursor hasNextPage } } }' \
  '.data.articles' \
  '.nodes[] | {source: $s, id, time: .publishedAt, title: .headline, url, author: .byline}'
graphql_cursor acme \
  'query($first: Int!, $after: String) { repository(owner: "acme", name: "rocket") {
     issues(first: $first, after: $after, orderBy: {field: UPDATED_AT, direction: DESC}) {
       edges { node { id title url updatedAt bodyText author { login } labels(first: 10) { nodes { name } } } }
       pageInfo { endCursor hasNextPage } } } }' \
  '.data.repository.issues' \
  '.edges[] | {source: $s, id: .node.id, time: .node.updatedAt, title: .node.title, url: .node.url,
     author: .node.author.login, summary: .node.bodyText, tags: [.node.labels.nodes[].name]}'
events events
