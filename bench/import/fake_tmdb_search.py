#!/usr/bin/env python3
"""A loopback stand-in for TMDb's /search/{movie,tv,multi} and /find, for bench/import.sh and
bench/services.sh: answers from the rules of bench/import/gen_exports.py and gen_services.py and
counts API requests (GET /__stats; per path kind in "paths"). Prints its port on the first line.
Key: bench-key (query api_key or Bearer)."""
import json, re, threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlparse, parse_qs

lock = threading.Lock()
count = {"api": 0, "paths": {}}

def film(n):
    return {"id": 100000 + n, "title": f"Bench Film {n}", "original_title": f"Bench Film {n}", "release_date": f"{1950 + n % 70}-05-05",
            "popularity": 1.0, "poster_path": f"/bf{n}.jpg", "adult": False, "genre_ids": [18]}

def titled(kind, id, name, date):
    key = "title" if kind == "movie" else "name"
    out = {"id": id, key: name, "original_" + key: name, "popularity": 1.0, "poster_path": None, "adult": False,
           "genre_ids": [18], "media_type": kind}
    out["release_date" if kind == "movie" else "first_air_date"] = date
    return out

# gen_services.py's names: (pattern, kind, id, date) per number.
NAMED = [
    (r"Bench Movie (\d+)", "movie", lambda n: 300000 + n, lambda n: f"{1990 + n % 30}-03-03"),
    (r"Bench Series (\d+)", "tv", lambda n: 800000 + n, lambda n: f"{2000 + n % 20}-09-09"),
    (r"Yam Film (\d+)", "movie", lambda n: 600000 + n, lambda n: f"{1970 + n % 50}-06-06"),
]

def named(query, kinds):
    for pattern, kind, id, date in NAMED:
        m = re.fullmatch(pattern, query)
        if m and kind in kinds:
            n = int(m.group(1))
            return [titled(kind, id(n), query, date(n))]
    return []

def movie(m):
    return {"id": 500000 + m, "title": f"Trakt Movie {m}", "original_title": f"Trakt Movie {m}", "release_date": f"{1980 + m % 40}-01-01",
            "popularity": 1.0, "poster_path": None, "adult": False, "genre_ids": [18]}

class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, status, obj):
        body = json.dumps(obj).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json;charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        u = urlparse(self.path)
        q = {k: v[0] for k, v in parse_qs(u.query).items()}
        parts = [p for p in u.path.split("/") if p]
        if parts == ["__stats"]:
            return self.send(200, count)
        if parts and parts[0] == "3":
            parts = parts[1:]
        with lock:
            count["api"] += 1
            kind = "/".join(p if not p.isdigit() and not p.startswith("tt") else "{id}" for p in parts)
            count["paths"][kind] = count["paths"].get(kind, 0) + 1
        if q.get("api_key") != "bench-key" and self.headers.get("Authorization") != "Bearer bench-key":
            return self.send(401, {"status_code": 7, "status_message": "Invalid API key", "success": False})
        empty = {"page": 1, "results": [], "total_pages": 1, "total_results": 0}
        if parts[:1] == ["search"]:
            query = q.get("query", "")
            m = re.fullmatch(r"Bench Film (\d+)", query)
            if m and parts[1:] == ["movie"]:
                return self.send(200, {"page": 1, "results": [film(int(m.group(1)))], "total_pages": 1, "total_results": 1})
            kinds = {"movie": ["movie"], "tv": ["tv"], "multi": ["movie", "tv"]}.get(parts[1] if len(parts) > 1 else "", [])
            res = named(query, kinds)
            return self.send(200, {"page": 1, "results": res, "total_pages": 1, "total_results": len(res)})
        if len(parts) == 2 and parts[0] == "find":
            m = re.fullmatch(r"tt8(\d{7})", parts[1])
            res = {"movie_results": [movie(int(m.group(1)))] if m else [], "tv_results": [], "tv_episode_results": [],
                   "person_results": [], "tv_season_results": []}
            return self.send(200, res)
        self.send(404, {"success": False, "status_code": 34, "status_message": "The resource you requested could not be found."})

class Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        pass

server = Server(("127.0.0.1", 0), Handler)
print(server.server_port, flush=True)
server.serve_forever()
