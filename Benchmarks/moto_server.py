"""moto's S3 server on 127.0.0.1 for the benchmark (run with the Python of .venv, where
`make python-deps` installs moto).

Starts moto on a free port, in memory (objects are held in the process rather than spooled to
temporary files), with request authentication off: any key is accepted, so the benchmark uses
dummy credentials. Prints one JSON line {"port"}, then answers JSON commands, one per line on
standard input, with one JSON line each; stops when standard input closes. The approach is the
tests' (Tests/Fixtures/ObjectStorage/moto_server.py), without the signature checks the tests
need and the benchmark would only pay for on the server's side.

Commands (made with boto3, path-style):
  {"op": "create_bucket", "bucket": B}
  {"op": "list", "bucket": B, "prefix": P}        -> [{"key", "size", "etag"}]
  {"op": "empty", "bucket": B, "prefix": P}       -> number of objects deleted (uploads in
                                                     progress under P are aborted too)
"""

import json
import logging
import os
import sys

# Read by moto when it creates an object: the size up to which an object's bytes stay in
# memory. moto's default (just under 5 MiB) would write every part to a temporary file.
os.environ.setdefault("MOTO_S3_DEFAULT_KEY_BUFFER_SIZE", str(4 << 30))

import boto3  # noqa: E402
from botocore.config import Config  # noqa: E402
from moto.server import ThreadedMotoServer  # noqa: E402

REGION = "us-east-1"
DUMMY_KEY = "benchmark"


def main() -> None:
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    _, port = server.get_host_and_port()
    s3 = boto3.client(
        "s3",
        endpoint_url=f"http://127.0.0.1:{port}",
        region_name=REGION,
        aws_access_key_id=DUMMY_KEY,
        aws_secret_access_key=DUMMY_KEY,
        config=Config(s3={"addressing_style": "path"}),
    )
    print(json.dumps({"port": port}), flush=True)
    for line in sys.stdin:
        command = json.loads(line)
        try:
            print(json.dumps({"ok": True, "result": run(s3, command)}), flush=True)
        except Exception as error:  # reported to the benchmark, which stops with it
            print(json.dumps({"ok": False, "error": repr(error)}), flush=True)
    server.stop()


def run(s3, command):
    op, bucket, prefix = command["op"], command["bucket"], command.get("prefix", "")
    if op == "create_bucket":
        s3.create_bucket(Bucket=bucket)
        return None
    if op == "list":
        pages = s3.get_paginator("list_objects_v2").paginate(Bucket=bucket, Prefix=prefix)
        return [{"key": o["Key"], "size": o["Size"], "etag": o["ETag"]} for page in pages for o in page.get("Contents", [])]
    if op == "empty":
        for upload in s3.list_multipart_uploads(Bucket=bucket, Prefix=prefix).get("Uploads", []):
            s3.abort_multipart_upload(Bucket=bucket, Key=upload["Key"], UploadId=upload["UploadId"])
        keys = [item["key"] for item in run(s3, {"op": "list", "bucket": bucket, "prefix": prefix})]
        for start in range(0, len(keys), 1000):
            batch = [{"Key": key} for key in keys[start : start + 1000]]
            s3.delete_objects(Bucket=bucket, Delete={"Objects": batch, "Quiet": True})
        return len(keys)
    raise ValueError(f"unknown op {op}")


if __name__ == "__main__":
    main()
