#!/usr/bin/env python3
"""A loopback stand-in for the TMDb API v3, for `bench/tmdb.sh` only (tests use a FlyingFox
server in Swift). Serves /movie/{id} and /tv/{id} (with append_to_response=external_ids,season/N),
/tv/{id}/season/{n} and /configuration in TMDb's shapes; counts requests (GET /__stats).
Prints the port it listens on as the first line of stdout."""
import json, sys, threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlparse, parse_qs

EPISODES = 8
lock = threading.Lock()
count = {"api": 0}

def seasons_of(i):
    return 3 + i % 4

def season(i, k):
    return {"_id": f"s{i}-{k}", "air_date": "2010-01-0%d" % (k % 9 + 1), "name": f"Season {k}", "overview": "",
            "id": i * 100 + k, "poster_path": None, "season_number": k, "vote_average": 0,
            "episodes": [{"air_date": "" if e == EPISODES else "2010-02-%02d" % e, "episode_number": e,
                          "episode_type": "standard", "id": i * 1000 + k * 100 + e, "name": f"Episode {k}x{e}",
                          "overview": f"Overview {k}x{e}", "production_code": "", "runtime": None if e == 3 else 45,
                          "season_number": k, "show_id": i, "still_path": f"/st{i}_{k}_{e}.jpg" if e % 2 else None,
                          "vote_average": 7.5, "vote_count": 10, "crew": [], "guest_stars": []}
                         for e in range(1, EPISODES + 1)]}

def movie(i, append):
    m = {"adult": False, "backdrop_path": None if i % 3 == 0 else f"/b{i}.jpg", "belongs_to_collection": None,
         "genres": [{"id": 18, "name": "Drama"}], "homepage": "", "id": i, "imdb_id": "tt%07d" % i,
         "original_language": "en", "original_title": f"Original {i}", "overview": f"Overview of {i}",
         "popularity": 10.5, "poster_path": f"/p{i}.jpg", "release_date": "" if i % 5 == 0 else "1999-10-15",
         "runtime": 120, "status": "Released", "tagline": "", "title": f"Movie {i}", "video": False,
         "vote_average": 7.9, "vote_count": 1000}
    if "external_ids" in append:
        m["external_ids"] = {"imdb_id": "tt%07d" % i, "wikidata_id": None}
    return m

def show(i, append):
    n = seasons_of(i)
    s = {"adult": False, "backdrop_path": None, "episode_run_time": [] if i % 2 else [45], "first_air_date": "2010-01-01",
         "genres": [{"id": 18, "name": "Drama"}], "id": i, "in_production": False, "last_air_date": "2014-05-01",
         "name": f"Show {i}", "number_of_episodes": n * EPISODES, "number_of_seasons": n, "original_language": "en",
         "original_name": f"Original Show {i}", "overview": f"Overview of show {i}", "popularity": 50.0,
         "poster_path": f"/sp{i}.jpg", "status": "Ended", "vote_average": 8.1, "vote_count": 900,
         "seasons": [{"air_date": "", "episode_count": EPISODES, "id": i * 100 + k, "name": f"Season {k}",
                      "season_number": k, "poster_path": None} for k in range(0, n + 1)]}
    for a in append:
        if a == "external_ids":
            s["external_ids"] = {"imdb_id": "tt%07d" % i, "tvdb_id": None}
        elif a.startswith("season/"):
            k = int(a[7:])
            if 0 <= k <= n:
                s[a] = season(i, k)
    return s

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
        if parts[:2] == ["t", "p"]:
            body = b"\xff\xd8\xff\xe0" + self.path.encode() + b"\xff\xd9"
            self.send_response(200)
            self.send_header("Content-Type", "image/jpeg")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        with lock:
            count["api"] += 1
        if q.get("api_key") != "bench-key" and self.headers.get("Authorization") != "Bearer bench-key":
            return self.send(401, {"status_code": 7, "status_message": "Invalid API key", "success": False})
        append = [a for a in q.get("append_to_response", "").split(",") if a]
        if len(parts) >= 2 and parts[0] in ("movie", "tv") and parts[1].isdigit() and int(parts[1]) >= 900000000:
            return self.send(404, {"success": False, "status_code": 34, "status_message": "The resource you requested could not be found."})
        try:
            if parts == ["configuration"]:
                return self.send(200, {"images": {"secure_base_url": "http://127.0.0.1:%d/t/p/" % self.server.server_port,
                                                  "poster_sizes": ["w500", "original"], "backdrop_sizes": ["w780", "original"],
                                                  "still_sizes": ["w300", "original"]}})
            if len(parts) == 2 and parts[0] == "movie":
                return self.send(200, movie(int(parts[1]), append))
            if len(parts) == 2 and parts[0] == "tv":
                return self.send(200, show(int(parts[1]), append))
            if len(parts) == 4 and parts[0] == "tv" and parts[2] == "season":
                return self.send(200, season(int(parts[1]), int(parts[3])))
        except ValueError:
            pass
        self.send(404, {"success": False, "status_code": 34, "status_message": "The resource you requested could not be found."})

class Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        pass  # a client that hangs up (e.g. a killed mwkit) is not an error here

server = Server(("127.0.0.1", 0), Handler)
print(server.server_port, flush=True)
server.serve_forever()
