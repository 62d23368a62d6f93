"""moto's S3 server on 127.0.0.1, for backupctl's tests and for `make bench`.

Starts moto on a free port. By default (the tests) it creates an IAM user allowed s3:* and an
access key for it, then turns moto's request authentication on, so every request must carry a
valid Signature Version 4 of that key (moto recomputes it with botocore: an independent check
of ours). Prints one JSON line {"port", "accessKeyId", "secretAccessKey"}, then answers JSON
commands, one per line on standard input, with one JSON line each; stops when standard input
closes.

Options (the benchmark's, Benchmarks/object_storage.py):
  --no-auth     leave request authentication off: any key is accepted, and the greeting names
                a dummy one; the signature checks the tests need are work the benchmark would
                only pay for on the server's side.
  --in-memory   keep every object's bytes in the process rather than spooling each part of
                5 MiB or more to a temporary file, as moto does by default.

Commands (made with boto3 with that key, path-style):
  {"op": "create_bucket", "bucket": B}
  {"op": "list", "bucket": B, "prefix": P}        -> [{"key", "size", "etag"}]
  {"op": "uploads", "bucket": B}                  -> keys of multipart uploads in progress
  {"op": "get", "bucket": B, "key": K}            -> {"size", "sha256"}
  {"op": "put", "bucket": B, "key": K, "text": T}   (or "file": PATH, its bytes)
  {"op": "empty", "bucket": B, "prefix": P}       -> number of objects deleted (uploads in
                                                     progress under P are aborted too)
"""

import argparse
import hashlib
import json
import logging
import os
import sys

REGION = "us-east-1"
DUMMY_KEY = "benchmark"


def main() -> None:
    parser = argparse.ArgumentParser(description="moto's S3 server on 127.0.0.1")
    parser.add_argument("--no-auth", action="store_true", help="accept any key (no signature checks)")
    parser.add_argument("--in-memory", action="store_true", help="keep objects in memory, not in temporary files")
    options = parser.parse_args()
    if options.in_memory:
        # Read by moto when it creates an object: the size up to which an object's bytes stay
        # in memory. moto's default (just under 5 MiB) would write every part to a temporary file.
        os.environ.setdefault("MOTO_S3_DEFAULT_KEY_BUFFER_SIZE", str(4 << 30))
    # Imported after the variable is set, which moto reads as it loads.
    import boto3
    from botocore.config import Config
    from moto.server import ThreadedMotoServer

    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    _, port = server.get_host_and_port()
    endpoint = f"http://127.0.0.1:{port}"
    key_id, secret = (DUMMY_KEY, DUMMY_KEY) if options.no_auth else authenticating_key(boto3, endpoint)
    s3 = boto3.client(
        "s3",
        endpoint_url=endpoint,
        region_name=REGION,
        aws_access_key_id=key_id,
        aws_secret_access_key=secret,
        config=Config(s3={"addressing_style": "path"}),
    )
    print(json.dumps({"port": port, "accessKeyId": key_id, "secretAccessKey": secret}), flush=True)
    for line in sys.stdin:
        command = json.loads(line)
        try:
            print(json.dumps({"ok": True, "result": run(s3, command)}), flush=True)
        except Exception as error:  # reported to the test or the benchmark, which stops with it
            print(json.dumps({"ok": False, "error": repr(error)}), flush=True)
    server.stop()


def authenticating_key(boto3, endpoint):
    """Makes a user allowed s3:* and an access key for it, then has moto authenticate every
    request from here on (the server runs in this process). Returns the key's id and secret."""
    from moto import settings
    from moto.core.authorization import ActionAuthenticatorMixin

    iam = boto3.client(
        "iam", endpoint_url=endpoint, region_name=REGION, aws_access_key_id="setup", aws_secret_access_key="setup"
    )
    iam.create_user(UserName="backupctl")
    policy = {"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Action": "s3:*", "Resource": "*"}]}
    iam.put_user_policy(UserName="backupctl", PolicyName="s3", PolicyDocument=json.dumps(policy))
    key = iam.create_access_key(UserName="backupctl")["AccessKey"]
    settings.INITIAL_NO_AUTH_ACTION_COUNT = 0
    ActionAuthenticatorMixin.request_count = 0
    return key["AccessKeyId"], key["SecretAccessKey"]


def run(s3, command):
    op, bucket = command["op"], command["bucket"]
    if op == "create_bucket":
        s3.create_bucket(Bucket=bucket)
        return None
    if op == "list":
        pages = s3.get_paginator("list_objects_v2").paginate(Bucket=bucket, Prefix=command.get("prefix", ""))
        return [{"key": o["Key"], "size": o["Size"], "etag": o["ETag"]} for page in pages for o in page.get("Contents", [])]
    if op == "uploads":
        return [u["Key"] for u in s3.list_multipart_uploads(Bucket=bucket).get("Uploads", [])]
    if op == "get":
        body = s3.get_object(Bucket=bucket, Key=command["key"])["Body"].read()
        return {"size": len(body), "sha256": hashlib.sha256(body).hexdigest()}
    if op == "put":
        if "file" in command:
            with open(command["file"], "rb") as file:
                body = file.read()
        else:
            body = command["text"].encode()
        s3.put_object(Bucket=bucket, Key=command["key"], Body=body)
        return None
    if op == "empty":
        prefix = command.get("prefix", "")
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
