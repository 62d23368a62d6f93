import Glibc
import Testing

@testable import DurableIO

@Suite struct FileIOErrorTests {
    @Test func classifiesErrnoValues() {
        #expect(
            FileIOError(errno: ENOENT, path: "/a") == .notFound(path: "/a", message: String(cString: strerror(ENOENT))))
        #expect(FileIOError(errno: ENOTDIR, path: "/a").isNotFound)
        for code in [EACCES, EPERM, EROFS] {
            guard case .permissionDenied(let path, _) = FileIOError(errno: code, path: "/a") else {
                Issue.record("errno \(code) is not classified as permissionDenied")
                continue
            }
            #expect(path == "/a")
        }
        for code in [ENOSPC, EDQUOT] {
            guard case .noSpace = FileIOError(errno: code, path: "/a") else {
                Issue.record("errno \(code) is not classified as noSpace")
                continue
            }
        }
        guard case .alreadyExists = FileIOError(errno: EEXIST, path: "/a") else {
            Issue.record("EEXIST is not classified as alreadyExists")
            return
        }
        #expect(
            FileIOError(errno: EIO, path: "/a")
                == .other(path: "/a", errno: EIO, message: String(cString: strerror(EIO))))
    }

    @Test func messagesNameThePathTheReasonAndWhatToDo() {
        let noSpace = FileIOError(errno: ENOSPC, path: "/backups/x.tar.zst").description
        #expect(noSpace.contains("/backups/x.tar.zst"))
        #expect(noSpace.contains(String(cString: strerror(ENOSPC))))
        #expect(noSpace.contains("Free some disk space"))

        let busy = FileIOError.busy(path: "/s.lock", holderPID: 4242).description
        #expect(busy.contains("process 4242"))
        #expect(busy.contains("try again"))
        #expect(FileIOError.busy(path: "/s.lock", holderPID: nil).description.contains("another process"))

        let other = FileIOError(errno: EIO, path: "/dev/sdz").description
        #expect(other.contains("errno \(EIO)"))
    }

    @Test func pathIsReportedForEveryCase() {
        let errors: [FileIOError] = [
            .notFound(path: "/p", message: "m"), .permissionDenied(path: "/p", message: "m"),
            .noSpace(path: "/p", message: "m"), .alreadyExists(path: "/p", message: "m"),
            .busy(path: "/p", holderPID: 1), .tooLarge(path: "/p", limit: 1),
            .other(path: "/p", errno: EIO, message: "m"),
        ]
        for error in errors {
            #expect(error.path == "/p")
            #expect(error.description.contains("/p"))
        }
    }
}

extension FileIOError {
    var isNotFound: Bool {
        if case .notFound = self { return true }
        return false
    }
}
