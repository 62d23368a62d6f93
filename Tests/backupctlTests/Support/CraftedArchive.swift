import Foundation
import TestSupport
import Testing

/// A hostile or broken archive, made the way an attacker would make it — with Python's
/// `tarfile` (and the `zstd` program for the bomb), never with backupctl's own writer.
///
/// Each has a valid `manifest.json` first unless the case is about the manifest, so the
/// reader gets as far as the problem the case is about.
enum CraftedArchive: String, CaseIterable, Sendable {
    case pathTraversal
    case absolutePath
    case symbolicLink
    case hardLink
    case deviceEntry
    case duplicateEntry
    case oversizedEntry
    case decompressionBomb
    case deeplyNestedManifest
    case oversizedManifest
    case tooManyEntries
    case manifestNotFirst
    case unlistedEntry
    case missingSection
    case newerSchemaVersion

    /// The exit status `inspect` must end with (design §7).
    var expectedStatus: Int32 {
        self == .newerSchemaVersion ? 76 : 65
    }

    /// Words the error message must contain: the problem, named.
    var expectedMessage: String {
        switch self {
        case .pathTraversal: "contains the path '../escaped.json' with a '..' component"
        case .absolutePath: "contains the absolute path '/"
        case .symbolicLink: "which is a symbolic link to '/etc/passwd', not a regular file"
        case .hardLink: "which is a hard link to 'manifest.json', not a regular file"
        case .deviceEntry: "which is a character device, not a regular file"
        case .duplicateEntry: "contains 'sections/trackedDomains.json' more than once"
        case .oversizedEntry: "is 3 GiB, over the limit of 2 GiB per entry"
        case .decompressionBomb: "looks like a decompression bomb"
        case .deeplyNestedManifest: "nested deeper than the limit of 64"
        case .oversizedManifest: "it is larger than 1048576 bytes"
        case .tooManyEntries: "has more than 64 entries"
        case .manifestNotFirst: "starts with 'sections/trackedDomains.json', not manifest.json"
        case .unlistedEntry: "sections/unlisted.json (not in manifest)"
        case .missingSection: "sections/lookupHistory.json (missing)"
        case .newerSchemaVersion: "is a schema version 5 backup, written by a newer build"
        }
    }

    /// Writes the archive into `workspace` and returns its path.
    /// - Parameter absoluteTarget: the path the absolute-path entry names.
    func write(in workspace: CommandWorkspace, absoluteTarget: String) throws -> String {
        let archive = workspace.path("\(rawValue).ddbackup")
        let output = try workspace.python(Self.script, rawValue, archive, absoluteTarget)
        try #require(output.status == 0, "crafting \(rawValue) failed: \(output.stderrText)")
        return archive
    }

    /// The Python program: `script KIND OUTPUT ABSOLUTE_TARGET`.
    private static let script = #"""
        import hashlib, io, json, subprocess, sys, tarfile

        kind, output, absolute_target = sys.argv[1:4]
        SECTION = b'[]'
        TRACKED = 'sections/trackedDomains.json'

        def manifest(paths, schema_version=3, sizes=None, padding=''):
            sections = []
            for path in paths:
                size, digest = (sizes or {}).get(path, (len(SECTION), hashlib.sha256(SECTION).hexdigest()))
                sections.append({'name': path.split('/')[-1][:-5], 'path': path, 'records': 0,
                                 'bytes': size, 'sha256': digest})
            return json.dumps({'format': 'DomainDigBackup', 'schemaVersion': schema_version,
                               'createdAt': '2026-01-01T00:00:00Z',
                               'producer': {'name': 'crafted' + padding, 'version': '1.0.0'},
                               'storeSchemaVersion': 3, 'compression': 'none', 'sections': sections}).encode()

        def regular(tar, name, data):
            info = tarfile.TarInfo(name)
            info.size, info.mode = len(data), 0o600
            tar.addfile(info, io.BytesIO(data))

        def special(tar, name, entry_type, link=''):
            info = tarfile.TarInfo(name)
            info.type, info.linkname = entry_type, link
            if entry_type == tarfile.CHRTYPE:
                info.devmajor, info.devminor = 1, 3
            tar.addfile(info)

        class Zeros(io.RawIOBase):
            def __init__(self, count): self.left = count
            def readable(self): return True
            def readinto(self, buffer):
                count = min(len(buffer), self.left)
                buffer[:count] = bytes(count)
                self.left -= count
                return count

        if kind == 'decompressionBomb':
            # 300 MiB of zeros behind a manifest that lists them truthfully, through zstd.
            size, digest, zeros = 300 << 20, hashlib.sha256(), bytes(1 << 20)
            for _ in range(size >> 20): digest.update(zeros)
            path = 'sections/lookupHistory.json'
            with open(output, 'wb') as file:
                zstd = subprocess.Popen(['zstd', '-q', '-c', '-3'], stdin=subprocess.PIPE, stdout=file)
                tar = tarfile.open(fileobj=zstd.stdin, mode='w|', format=tarfile.PAX_FORMAT)
                regular(tar, 'manifest.json', manifest([path], sizes={path: (size, digest.hexdigest())}))
                info = tarfile.TarInfo(path)
                info.size, info.mode = size, 0o600
                tar.addfile(info, io.BufferedReader(Zeros(size), 1 << 20))
                tar.close()
                zstd.stdin.close()
                sys.exit(zstd.wait())

        with open(output, 'wb') as file:
            tar = tarfile.open(fileobj=file, mode='w', format=tarfile.PAX_FORMAT)
            if kind == 'deeplyNestedManifest':
                regular(tar, 'manifest.json', b'[' * 10000 + b']' * 10000)
            elif kind == 'oversizedManifest':
                regular(tar, 'manifest.json', manifest([TRACKED], padding='x' * (2 << 20)))
            elif kind == 'newerSchemaVersion':
                regular(tar, 'manifest.json', manifest([TRACKED], schema_version=5))
            elif kind == 'tooManyEntries':
                paths = ['sections/extra%02d.json' % index for index in range(64)]
                regular(tar, 'manifest.json', manifest(paths))
                for path in paths: regular(tar, path, SECTION)
            elif kind == 'missingSection':
                regular(tar, 'manifest.json', manifest([TRACKED, 'sections/lookupHistory.json']))
            elif kind != 'manifestNotFirst':
                regular(tar, 'manifest.json', manifest([TRACKED]))

            if kind == 'pathTraversal': regular(tar, '../escaped.json', SECTION)
            elif kind == 'absolutePath': regular(tar, absolute_target, SECTION)
            elif kind == 'symbolicLink': special(tar, TRACKED, tarfile.SYMTYPE, '/etc/passwd')
            elif kind == 'hardLink': special(tar, TRACKED, tarfile.LNKTYPE, 'manifest.json')
            elif kind == 'deviceEntry': special(tar, TRACKED, tarfile.CHRTYPE)
            elif kind == 'duplicateEntry':
                regular(tar, TRACKED, SECTION)
                regular(tar, TRACKED, SECTION)
            elif kind == 'manifestNotFirst':
                regular(tar, TRACKED, SECTION)
                regular(tar, 'manifest.json', manifest([TRACKED]))
            elif kind in ('unlistedEntry', 'missingSection'):
                regular(tar, TRACKED, SECTION)
                if kind == 'unlistedEntry': regular(tar, 'sections/unlisted.json', SECTION)
            elif kind == 'oversizedEntry':
                # A header declaring 3 GiB, a little data, and no end: the reader must refuse
                # the entry on its header alone.
                info = tarfile.TarInfo(TRACKED)
                info.size, info.mode = 3 << 30, 0o600
                file.write(info.tobuf(tarfile.PAX_FORMAT, 'utf-8', 'surrogateescape'))
                file.write(bytes(4096))
                sys.exit(0)
            tar.close()
        """#
}
