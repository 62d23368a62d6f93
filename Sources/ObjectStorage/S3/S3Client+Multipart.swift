extension S3Client {
    /// Starts a multipart upload (CreateMultipartUpload) and returns its id. Nothing is
    /// visible under `key` until ``completeMultipartUpload(key:uploadID:parts:)``.
    func createMultipartUpload(key: String) throws -> String {
        var request = Request(operation: "CreateMultipartUpload", method: "POST", key: key)
        request.query = [("uploads", "")]
        request.headers = [("Content-Type", "application/octet-stream")]
        let result = try document(try send(request), root: "InitiateMultipartUploadResult", request)
        guard let id = result.text(of: "UploadId"), !id.isEmpty else {
            throw invalidResponse(request, "no UploadId")
        }
        return id
    }

    /// Uploads part `number` (1…10,000) and returns its entity tag.
    func uploadPart(key: String, uploadID: String, number: Int, bytes: [UInt8]) throws -> String {
        var request = Request(operation: "UploadPart", method: "PUT", key: key, body: bytes)
        request.query = [("partNumber", String(number)), ("uploadId", uploadID)]
        guard let etag = try send(request).header("etag"), !etag.isEmpty else {
            throw invalidResponse(request, "no ETag for part \(number)")
        }
        return etag
    }

    /// Assembles the parts into the object, which appears under `key` at once and whole.
    /// S3 may answer 200 and still report an error in the body: that is judged as the error.
    /// - Returns: the object's entity tag.
    func completeMultipartUpload(key: String, uploadID: String, parts: [(number: Int, etag: String)]) throws
        -> String
    {
        let list = parts.map {
            "<Part><PartNumber>\($0.number)</PartNumber><ETag>\(Self.escapedXML($0.etag))</ETag></Part>"
        }
        let body = Self.requestDocument("CompleteMultipartUpload", list.joined())
        var request = Request(operation: "CompleteMultipartUpload", method: "POST", key: key, body: body)
        request.query = [("uploadId", uploadID)]
        request.headers = [("Content-Type", "application/xml")]
        return try withRetries(request.operation, key: key) { _ in
            let response = try sendOnce(request, responseBody: .collect(limit: 1 << 20))
            let result = try document(response, root: nil, request)
            if result.name == "Error" {
                throw S3ServiceError(
                    operation: request.operation, resource: resource(key), status: 200,
                    code: result.text(of: "Code") ?? "InternalError", message: result.text(of: "Message") ?? "",
                    requestID: result.text(of: "RequestId"))
            }
            guard result.name == "CompleteMultipartUploadResult" else {
                throw invalidResponse(request, "unexpected <\(result.name)>")
            }
            return result.text(of: "ETag") ?? ""
        }
    }

    /// Abandons a multipart upload and frees its parts (AbortMultipartUpload); an upload the
    /// endpoint no longer knows counts as aborted.
    func abortMultipartUpload(key: String, uploadID: String) throws {
        var request = Request(operation: "AbortMultipartUpload", method: "DELETE", key: key)
        request.query = [("uploadId", uploadID)]
        do {
            _ = try send(request)
        } catch ObjectStorageError.service(let error) where error.code == "NoSuchUpload" {
            return
        }
    }
}
