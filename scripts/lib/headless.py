"""Headless chromium driven over WebDriver (Debian's chromium and chromium-driver), with
Python's urllib: for the benchmarks and checks that look at scry's live view."""
import base64, json, pathlib, socket, subprocess, time, urllib.request


def webdriver(base, method, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=120) as answer:
        return json.loads(answer.read())


class Browser:
    """One headless chromium, with its own chromedriver on a free port."""

    def __init__(self):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        self.driver = subprocess.Popen(["chromedriver", f"--port={port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.base = f"http://127.0.0.1:{port}"
        for _ in range(100):
            try:
                if webdriver(self.base, "GET", "/status")["value"]["ready"]:
                    break
            except OSError:
                time.sleep(0.1)
        options = {"binary": "/usr/bin/chromium",
                   "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1600,1000"]}
        answer = webdriver(self.base, "POST", "/session",
                           {"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": options}}})
        self.session = answer["value"]["sessionId"]

    def open(self, url):
        webdriver(self.base, "POST", f"/session/{self.session}/url", {"url": url})

    def screenshot(self, path):
        data = webdriver(self.base, "GET", f"/session/{self.session}/screenshot")["value"]
        pathlib.Path(path).write_bytes(base64.b64decode(data))

    def close(self):
        try:
            webdriver(self.base, "DELETE", f"/session/{self.session}")
        finally:
            self.driver.kill()
            self.driver.wait()

    def run(self, script, *arguments):
        """What `script` (a function body) returns in the page."""
        return webdriver(self.base, "POST", f"/session/{self.session}/execute/sync",
                         {"script": script, "args": list(arguments)})["value"]
