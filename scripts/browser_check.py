#!/usr/bin/env python3
"""`make test`'s browser check (docs/REPORT.md "Tested in a real browser").

In headless Chromium (Debian's chromium-headless-shell, driven by Playwright from PyPI):
  report   `mwkit report` of the bundled Samples, all time and one year: every chart visible at
           1280 px and 360 px wide, in print and dark mode, no console error, no request
           leaving the file, no horizontal scroll at 360 px
  review   an offline import of a small Letterboxd export of our own writes a review file;
           `mwkit review` serves it; choices made with the mouse and the keyboard, Save; the
           page says how many decisions were written; `mwkit import --overrides` on that file
           gives the chosen titles; a request with another Host or Origin is refused; the
           server stops on Ctrl-C and by itself when idle
Prints ok/FAIL per check and `browser-check: N passed, M failed`; exits 1 on any failure.
"""
import argparse, csv, http.client, io, json, os, re, signal, subprocess, sys, tempfile, time

from playwright.sync_api import sync_playwright

passed, failed = 0, 0


def check(name, cond, detail=""):
    global passed, failed
    if cond:
        passed += 1
        print(f"ok    {name}")
    else:
        failed += 1
        print(f"FAIL  {name} {detail}")


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, **kw)


def report_checks(browser, mwkit, tmp, screenshot):
    env = dict(os.environ, SOURCE_DATE_EPOCH="1700000000")
    inputs = ["Samples/mediawatch-v4.json", "Samples/books/bookstrack-v2.json"]
    pages = {}
    r = run([mwkit, "report", *inputs, "-o", f"{tmp}/all.html"], env=env)
    check("report: all time written", r.returncode == 0, r.stderr)
    pages["all time"] = f"{tmp}/all.html"
    html = open(f"{tmp}/all.html", encoding="utf-8").read() if r.returncode == 0 else ""
    # A year the samples have: the first row of the viewings-per-year table.
    # The samples' busiest year (the first of equals), from the viewings-per-year table.
    table = html.split("<caption>Viewings per year</caption>")[1].split("</table>")[0] if "<caption>Viewings per year</caption>" in html else ""
    counts = [(int(n), -int(y)) for y, n in re.findall(r'<th scope="row">(\d{4})</th><td>(\d+)</td>', table)]
    year = -max(counts)[1] if counts else 2024
    r = run([mwkit, "report", *inputs, "-o", f"{tmp}/year.html", "--year", str(year)], env=env)
    check(f"report: year {year} written", r.returncode == 0, r.stderr)
    pages[f"year {year}"] = f"{tmp}/year.html"
    again = run([mwkit, "report", *inputs, "-o", f"{tmp}/again.html"], env=env)
    check("report: same input, same bytes", again.returncode == 0 and open(f"{tmp}/again.html", "rb").read() == open(f"{tmp}/all.html", "rb").read())
    for label, path in pages.items():
        url = "file://" + os.path.abspath(path)
        for width, scheme, media in [(1280, "light", "screen"), (360, "light", "screen"), (360, "dark", "screen"), (1280, "light", "print")]:
            ctx = browser.new_context(viewport={"width": width, "height": 900}, color_scheme=scheme)
            page = ctx.new_page()
            errors, requests = [], []
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on("request", lambda q: requests.append(q.url) if q.url != url else None)
            page.emulate_media(media=media)
            page.goto(url)
            svgs = page.locator("svg[role=img]")
            n = svgs.count()
            hidden = []
            for i in range(n):
                s = svgs.nth(i)
                s.scroll_into_view_if_needed()
                box = s.bounding_box()
                if not s.is_visible() or not box or box["width"] < 100 or box["height"] < 10 or box["x"] + box["width"] > width + 1:
                    hidden.append((i, box))
            name = f"report {label} at {width}px {scheme} {media}"
            check(f"{name}: {n} charts visible", n >= 6 and not hidden, f"hidden or cut: {hidden[:3]}")
            check(f"{name}: no console error", not errors, str(errors[:3]))
            check(f"{name}: nothing fetched", not requests, str(requests[:3]))
            scroll = page.evaluate("document.documentElement.scrollWidth")
            check(f"{name}: no horizontal scroll", scroll <= width, f"scrollWidth {scroll}")
            if screenshot and label.startswith("year") and width == 1280 and media == "screen":
                page.set_viewport_size({"width": 1000, "height": 1500})
                page.evaluate("window.scrollTo(0, 0)")
                page.screenshot(path=screenshot, full_page=False)
            ctx.close()


def request(port, method, path, headers, body=None):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    c.putrequest(method, path, skip_host=True)
    for k, v in headers.items():
        c.putheader(k, v)
    data = body.encode() if body else b""
    c.putheader("Content-Length", str(len(data)))
    c.putheader("Content-Type", "application/x-www-form-urlencoded")
    c.endheaders(data)
    r = c.getresponse()
    r.read()
    return r.status


def start_review(mwkit, path, *extra):
    p = subprocess.Popen([mwkit, "review", path, *extra], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = p.stdout.readline()
    addr = line[line.index("http://"):].split()[0] if "http://" in line else None
    return p, addr


def review_checks(browser, mwkit, tmp):
    # A Letterboxd "watched" export of our own; offline with an empty cache nothing matches,
    # so every film goes to the review file.
    with open(f"{tmp}/watched.csv", "w", newline="") as f:
        f.write("Date,Name,Year,Letterboxd URI\n2024-01-05,Heat,1995,https://boxd.it/aaa1\n2024-02-06,Solaris,1972,https://boxd.it/aaa2\n"
                "2024-03-07,Obscure Film,2001,https://boxd.it/aaa3\n2024-04-08,Alien,1979,https://boxd.it/aaa4\n")
    common = ["--offline", "--cache", f"{tmp}/cache.sqlite"]
    r = run([mwkit, "import", f"{tmp}/watched.csv", "-o", f"{tmp}/first.json", "--review", f"{tmp}/review.csv", *common])
    check("review: an offline import wrote a review file", os.path.exists(f"{tmp}/review.csv"), r.stdout + r.stderr)
    if not os.path.exists(f"{tmp}/review.csv"):
        return
    # Candidates as an online import lists them (the offline one could not look any up).
    with open(f"{tmp}/review.csv", encoding="utf-8-sig", newline="") as f:
        rows = list(csv.reader(f))
    head = rows[0]
    col = {n: i for i, n in enumerate(head)}
    cands = {"Heat": [("movie:949", "Heat", "1995"), ("movie:111", "Heat", "1986")],
             "Solaris": [("movie:593", "Solaris", "1972"), ("movie:2103", "Solaris", "2002")]}
    for row in rows[1:]:
        for j, (ref, title, year) in enumerate(cands.get(row[col["title"]], [])):
            row[col[f"candidate{j + 1}_id"]], row[col[f"candidate{j + 1}_title"]], row[col[f"candidate{j + 1}_year"]] = ref, title, year
            row[col["status"]] = "review"
    out = io.StringIO()
    csv.writer(out, lineterminator="\r\n").writerows(rows)
    with open(f"{tmp}/review.csv", "w", encoding="utf-8-sig", newline="") as f:
        f.write(out.getvalue())
    before = open(f"{tmp}/review.csv", "rb").read()

    server, addr = start_review(mwkit, f"{tmp}/review.csv", "--idle-minutes", "5", "--cache", f"{tmp}/cache.sqlite")
    check("review: serves on 127.0.0.1", addr is not None and addr.startswith("http://127.0.0.1:"), str(addr))
    if addr is None:
        server.kill()
        return
    port = int(addr.split(":")[2].strip("/"))
    check("review: another Host is refused", request(port, "GET", "/", {"Host": f"evil.example:{port}"}) == 403)
    status = request(port, "POST", "/save", {"Host": f"127.0.0.1:{port}", "Origin": "http://evil.example"}, "k0=x&d0=ignore")
    check("review: a post from another Origin is refused and writes nothing", status == 403 and open(f"{tmp}/review.csv", "rb").read() == before)
    check("review: nothing outside the page is served", request(port, "GET", "/etc/passwd", {"Host": f"127.0.0.1:{port}"}) == 404)

    page = browser.new_page(viewport={"width": 800, "height": 900})
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(addr)
    check("review: one fieldset per undecided row", page.locator("fieldset").count() == 4, str(page.locator("fieldset").count()))
    # Mouse: click the label of Heat's 1995 candidate.
    page.get_by_text("Heat (1995)", exact=True).click()
    # Keyboard: Solaris's first candidate focused, arrow down to the second.
    page.get_by_label("Solaris (1972)", exact=True).focus()
    page.keyboard.press("Space")
    page.keyboard.press("ArrowDown")
    # Keyboard: type an ID for the obscure film, choosing its typed-ID radio with Space.
    obscure = page.locator("fieldset", has_text="Obscure Film")
    obscure.get_by_label("TMDb ID or link:", exact=True).focus()
    page.keyboard.press("Space")
    page.keyboard.press("Tab")
    page.keyboard.type("https://www.themoviedb.org/movie/4242-obscure-film")
    # Keyboard: ignore Alien.
    page.locator("fieldset", has_text="Alien").get_by_label("Ignore (leave it out of the import)").focus()
    page.keyboard.press("Space")
    check("review: the choices are checked", page.get_by_label("Heat (1995)", exact=True).is_checked()
          and page.get_by_label("Solaris (2002)", exact=True).is_checked())
    page.get_by_role("button", name="Save").click()
    saved = page.get_by_role("status").inner_text() if page.get_by_role("status").count() else ""
    check("review: the saved page says 4 decisions were written", "4 decisions written" in saved, saved)
    check("review: no console error", not errors, str(errors[:3]))
    page.close()
    server.send_signal(signal.SIGINT)
    try:
        code = server.wait(timeout=15)
    except subprocess.TimeoutExpired:
        server.kill()
        code = None
    check("review: stops on Ctrl-C", code == 0, f"exit {code}")

    r = run([mwkit, "import", f"{tmp}/watched.csv", "-o", f"{tmp}/decided.json", "--overrides", f"{tmp}/review.csv", *common])
    ids = set()
    if os.path.exists(f"{tmp}/decided.json"):
        def walk(o):
            if isinstance(o, dict):
                if "tmdbId" in o and o.get("mediaType", "movie") == "movie":
                    ids.add(o["tmdbId"])
                for v in o.values():
                    walk(v)
            elif isinstance(o, list):
                for v in o:
                    walk(v)
        walk(json.load(open(f"{tmp}/decided.json")))
    check("review: import --overrides gives the chosen titles", ids == {949, 2103, 4242}, f"{sorted(ids)} {r.stdout[-400:]} {r.stderr[-400:]}")

    idle, _ = start_review(mwkit, f"{tmp}/review.csv", "--idle-minutes", "0.02", "--cache", f"{tmp}/cache.sqlite")
    try:
        code = idle.wait(timeout=30)
    except subprocess.TimeoutExpired:
        idle.kill()
        code = None
    check("review: stops by itself when idle", code == 0, f"exit {code}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mwkit", required=True)
    ap.add_argument("--chromium", default="/usr/bin/chromium-headless-shell")
    ap.add_argument("--screenshot", help="also save a screenshot of the year report (PNG)")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=a.chromium, args=["--no-sandbox"])
        report_checks(browser, a.mwkit, tmp, a.screenshot)
        review_checks(browser, a.mwkit, tmp)
        browser.close()
    print(f"browser-check: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
