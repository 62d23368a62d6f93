"""moto's S3 server on 127.0.0.1 for backupctl's tests, with signatures checked.

Starts moto on a free port, creates an IAM user allowed s3:* and an access key for it, then
turns moto's request authentication on, so every request must carry a valid Signature
Version 4 of that key (moto recomputes it with botocore: an independent check of ours).
Prints one JSON line {"port", "accessKeyId", "secretAccessKey"}, then answers JSON commands,
one per line on standard input, with one JSON line each; stops when standard input closes.

Commands (made with boto3 as that user, path-style):
  {"op": "create_bucket", "bucket": B}
  {"op": "list", "bucket": B, "prefix": P}        -> [{"key", "size"}]
  {"op": "uploads", "bucket": B}                  -> keys of multipart uploads in progress
  {"op": "get", "bucket": B, "key": K}            -> {"size", "sha256"}
  {"op": "put", "bucket": B, "key": K, "text": T}   (or "file": PATH, its bytes)
"""

import hashlib
import json
import logging
import sys

import boto3
from botocore.config import Config
from moto import settings
from moto.core.authorization import ActionAuthenticatorMixin
from moto.server import ThreadedMotoServer

REGION = "us-east-1"


def main() -> None:
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    _, port = server.get_host_and_port()
    endpoint = f"http://127.0.0.1:{port}"
    iam = boto3.client(
        "iam", endpoint_url=endpoint, region_name=REGION, aws_access_key_id="setup", aws_secret_access_key="setup"
    )
    iam.create_user(UserName="backupctl")
    policy = {"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Action": "s3:*", "Resource": "*"}]}
    iam.put_user_policy(UserName="backupctl", PolicyName="s3", PolicyDocument=json.dumps(policy))
    key = iam.create_access_key(UserName="backupctl")["AccessKey"]
    # From here on moto authenticates every request (the server runs in this process).
    settings.INITIAL_NO_AUTH_ACTION_COUNT = 0
    ActionAuthenticatorMixin.request_count = 0
    s3 = boto3.client(
        "s3",
        endpoint_url=endpoint,
        region_name=REGION,
        aws_access_key_id=key["AccessKeyId"],
        aws_secret_access_key=key["SecretAccessKey"],
        config=Config(s3={"addressing_style": "path"}),
    )
    print(
        json.dumps({"port": port, "accessKeyId": key["AccessKeyId"], "secretAccessKey": key["SecretAccessKey"]}),
        flush=True,
    )
    for line in sys.stdin:
        command = json.loads(line)
        try:
            print(json.dumps({"ok": True, "result": run(s3, command)}), flush=True)
        except Exception as error:  # reported to the test, which fails with it
            print(json.dumps({"ok": False, "error": repr(error)}), flush=True)
    server.stop()


def run(s3, command):
    op = command["op"]
    if op == "create_bucket":
        s3.create_bucket(Bucket=command["bucket"])
        return None
    if op == "list":
        pages = s3.get_paginator("list_objects_v2").paginate(Bucket=command["bucket"], Prefix=command.get("prefix", ""))
        return [{"key": o["Key"], "size": o["Size"]} for page in pages for o in page.get("Contents", [])]
    if op == "uploads":
        return [u["Key"] for u in s3.list_multipart_uploads(Bucket=command["bucket"]).get("Uploads", [])]
    if op == "get":
        body = s3.get_object(Bucket=command["bucket"], Key=command["key"])["Body"].read()
        return {"size": len(body), "sha256": hashlib.sha256(body).hexdigest()}
    if op == "put":
        if "file" in command:
            with open(command["file"], "rb") as file:
                body = file.read()
        else:
            body = command["text"].encode()
        s3.put_object(Bucket=command["bucket"], Key=command["key"], Body=body)
        return None
    raise ValueError(f"unknown op {op}")


if __name__ == "__main__":
    main()
