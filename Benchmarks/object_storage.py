"""The benchmark's S3 part: moto's server (the tests' Tests/Fixtures/ObjectStorage/moto_server.py,
with --no-auth --in-memory) started and stopped by the benchmark on 127.0.0.1, and the operations that time a backup uploaded to it and a backup
restored from it beside the same on a local folder and file.

moto runs in the Python of .venv (`make python-deps`); without it the S3 figures are skipped
with a message, never the rest of the benchmark.
"""
import json
import os
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(os.path.dirname(HERE), "Tests", "Fixtures", "ObjectStorage", "moto_server.py")
BUCKET = "backupctl-bench"


def unavailable_reason(python):
    """Why moto's server cannot run under `python`, or None when it can."""
    if not python:
        return "turned off (--no-s3)"
    if not os.path.exists(python):
        return f"{python} does not exist; `make python-deps` creates it with moto"
    check = subprocess.run([python, "-c", "import boto3, moto, moto.server"], capture_output=True, text=True)
    if check.returncode != 0:
        return f"moto is not installed for {python} (`make python-deps` installs it)"
    return None


class MotoServer:
    """One moto server for one size's measurements; stops when closed (its standard input closes)."""

    def __init__(self, python, log_path):
        self.log = open(log_path, "w")
        # No signature checks (the tests make them; here they would only cost the server time) and
        # objects in memory, so the figures are backupctl's rather than moto's temporary files.
        self.process = subprocess.Popen([python, SCRIPT, "--no-auth", "--in-memory"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=self.log, text=True)
        greeting = self.process.stdout.readline()
        if not greeting:
            self.close()
            raise SystemExit(f"moto's server did not start; see {log_path}")
        hello = json.loads(greeting)
        self.port, self.key = hello["port"], (hello["accessKeyId"], hello["secretAccessKey"])
        self.version = subprocess.run([python, "-c", "import moto; print(moto.__version__)"], capture_output=True,
                                      text=True).stdout.strip()

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.close()

    def close(self):
        if self.process.stdin and not self.process.stdin.closed:
            self.process.stdin.close()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()

    @property
    def environment(self):
        """backupctl pointed at this server with dummy credentials, away from the user's AWS files."""
        variables = {key: value for key, value in os.environ.items() if not key.startswith("AWS_")}
        variables.update({"AWS_ENDPOINT_URL": f"http://127.0.0.1:{self.port}", "AWS_ACCESS_KEY_ID": self.key[0],
                          "AWS_SECRET_ACCESS_KEY": self.key[1], "AWS_REGION": "us-east-1",
                          "AWS_SHARED_CREDENTIALS_FILE": "/nonexistent/credentials",
                          "AWS_CONFIG_FILE": "/nonexistent/config"})
        return variables

    def send(self, op, **fields):
        self.process.stdin.write(json.dumps({"op": op, "bucket": BUCKET, **fields}) + "\n")
        self.process.stdin.flush()
        answer = json.loads(self.process.stdout.readline() or '{"ok": false, "error": "moto stopped"}')
        if not answer["ok"]:
            raise SystemExit(f"moto: {op} failed: {answer['error']}")
        return answer["result"]

    def cpu_seconds(self):
        """The server process's CPU time so far (user + system), from /proc."""
        with open(f"/proc/{self.process.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def prepare(server, binary, work, run):
    """Makes the bucket and one backup on each side to be read back; returns the local backup's
    path, the object's key, the backup's size in bytes and the number of parts it was uploaded in."""
    server.send("create_bucket")
    run(f"{binary} backup --store store.sqlite --dir seed-local --quiet")
    run(f"{binary} backup --store store.sqlite --dir s3://{BUCKET}/seed --quiet", env=server.environment)
    local = os.path.join("seed-local", next(name for name in os.listdir(os.path.join(work, "seed-local"))
                                            if name.endswith(".ddbackup")))
    item = next(item for item in server.send("list", prefix="seed/") if item["key"].endswith(".ddbackup"))
    # A multipart upload's ETag ends in "-<number of parts>"; a single PutObject's has no dash.
    parts = int(item["etag"].strip('"').rpartition("-")[2]) if "-" in item["etag"] else 1
    return local, item["key"], os.path.getsize(os.path.join(work, local)), parts


def operations(server, binary, work, local, key, remove):
    """(name, command, prepare, environment) of each S3 operation and its local counterpart.
    The uploads start from an empty folder or prefix each time, so every run does the same work."""
    env = server.environment
    store = "--store store.sqlite"
    return [
        ("backup → local folder", f"{binary} backup {store} --dir backups --quiet",
         lambda: subprocess.run(["rm", "-rf", os.path.join(work, "backups")], check=True), env),
        ("backup → s3:// (moto)", f"{binary} backup {store} --dir s3://{BUCKET}/upload --quiet",
         lambda: server.send("empty", prefix="upload/"), env),
        ("validate local backup", f"{binary} validate {local} --quiet", None, env),
        ("validate s3:// (moto)", f"{binary} validate s3://{BUCKET}/{key} --quiet", None, env),
        ("import local backup (empty store)", f"{binary} import {local} --store restored-local.sqlite --quiet",
         lambda: remove(os.path.join(work, "restored-local.sqlite")), env),
        ("import s3:// (moto) (empty store)", f"{binary} import s3://{BUCKET}/{key} --store restored-s3.sqlite --quiet",
         lambda: remove(os.path.join(work, "restored-s3.sqlite")), env),
    ]
