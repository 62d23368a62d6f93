"""A fault-injecting HTTP proxy between backupctl and an S3 server, for tests.

Listens on 127.0.0.1 (a free port, printed as "ready PORT"), forwards each request unchanged
(the Host header too, so signatures still verify) to 127.0.0.1:UPSTREAM, and returns the
answer — unless a rule matches the request, in which case it:
  status         answers itself with an S3 error document (e.g. 503 SlowDown, 500, 429);
  drop-request   reads `bytes` bytes of the request body, then breaks the connection;
  drop-response  forwards, sends the headers and `bytes` bytes of the body, then breaks it.
A rule matches on method, a substring of the path and a substring of the query; it skips its
first `after` matches and then applies `times` times (-1: always).

Commands, one JSON line each on standard input, answered with one JSON line:
  {"op": "fault", "rule": {...}}   adds a rule
  {"op": "log"}                    -> every request so far: {method, path, query, fault, status}
"""

import http.client
import json
import socket
import sys
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

UPSTREAM = int(sys.argv[1])
lock = threading.Lock()
rules = []
log = []

HOP_HEADERS = {"connection", "keep-alive", "transfer-encoding", "server", "date", "content-length"}


def matching_rule(method, path, query):
    with lock:
        for rule in rules:
            if rule.get("method", method) != method:
                continue
            if rule.get("path", "") not in path or rule.get("query", "") not in query:
                continue
            if rule.get("after", 0) > 0:
                rule["after"] -= 1
                continue
            if rule.get("times", -1) == 0:
                continue
            if rule.get("times", -1) > 0:
                rule["times"] -= 1
            return dict(rule)
    return None


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def relay(self):
        url = urllib.parse.urlsplit(self.path)
        rule = matching_rule(self.command, url.path, url.query)
        entry = {"method": self.command, "path": url.path, "query": url.query,
                 "fault": rule["fault"] if rule else None, "status": None}
        with lock:
            log.append(entry)
        length = int(self.headers.get("Content-Length") or 0)
        if rule and rule["fault"] == "drop-request":
            self.rfile.read(min(length, rule.get("bytes", 0)))
            return self.break_connection()
        body = self.rfile.read(length) if length else b""
        if rule and rule["fault"] == "status":
            code = rule.get("code", "InternalError")
            document = (f'<?xml version="1.0" encoding="UTF-8"?><Error><Code>{code}</Code>'
                        f'<Message>{rule.get("message", "injected by the test proxy")}</Message>'
                        f'<RequestId>proxy</RequestId></Error>').encode()
            entry["status"] = rule["status"]
            self.send_response(rule["status"])
            self.send_header("Content-Type", "application/xml")
            self.send_header("Content-Length", str(len(document)))
            self.end_headers()
            self.wfile.write(b"" if self.command == "HEAD" else document)
            return
        upstream = http.client.HTTPConnection("127.0.0.1", UPSTREAM, timeout=120)
        upstream.request(self.command, self.path, body=body, headers=dict(self.headers.items()))
        answer = upstream.getresponse()
        data = answer.read()
        upstream.close()
        entry["status"] = answer.status
        self.send_response(answer.status, answer.reason)
        for name, value in answer.getheaders():
            if name.lower() not in HOP_HEADERS:
                self.send_header(name, value)
        declared = answer.getheader("Content-Length") if self.command == "HEAD" else str(len(data))
        if declared is not None:
            self.send_header("Content-Length", declared)
        self.end_headers()
        if self.command == "HEAD":
            return
        if rule and rule["fault"] == "drop-response":
            self.wfile.write(data[: rule.get("bytes", 0)])
            self.wfile.flush()
            return self.break_connection()
        self.wfile.write(data)

    def break_connection(self):
        self.close_connection = True
        try:
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    do_GET = do_PUT = do_POST = do_DELETE = do_HEAD = relay


def main():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(f"ready {server.server_address[1]}", flush=True)
    for line in sys.stdin:
        command = json.loads(line)
        if command["op"] == "fault":
            with lock:
                rules.append(command["rule"])
            print(json.dumps({"ok": True, "result": None}), flush=True)
        elif command["op"] == "log":
            with lock:
                print(json.dumps({"ok": True, "result": list(log)}), flush=True)
        else:
            print(json.dumps({"ok": False, "error": "unknown op"}), flush=True)
    server.shutdown()


if __name__ == "__main__":
    main()
