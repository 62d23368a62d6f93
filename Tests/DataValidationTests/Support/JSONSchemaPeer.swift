import Foundation
import TestSupport
import Testing

/// Python's `jsonschema`, the independent validator the differential tests compare ours with
/// (design §5). `make test` installs it into `.venv` and points `BACKUPCTL_TEST_PYTHON` there;
/// without it these tests fail, never skip, so a green run always includes the comparison.
enum JSONSchemaPeer {
    /// One error jsonschema reported, reduced to the leaf that names the broken value.
    struct Violation: Decodable, Hashable, CustomStringConvertible {
        /// The value's path written as our findings write it (`$.trackedDomains[3].domain`); for
        /// a missing required field, the object's path plus the field.
        var location: String
        /// jsonschema's own `error.json_path`.
        var jsonPath: String
        /// The keyword that failed (`type`, `pattern`, `required`, …).
        var keyword: String
        var message: String

        var description: String { "\(location) [\(keyword)] \(message)" }
    }

    /// Fails the current test unless the interpreter can import jsonschema.
    static func requireAvailable() throws {
        let probe = try ProcessRunner.python("import jsonschema")
        try #require(
            probe.status == 0,
            """
            Python's jsonschema is not importable by \(ProcessRunner.python): the differential schema tests need it. \
            Run `make test` (it installs jsonschema into .venv), or run `make python-deps` once and then \
            BACKUPCTL_TEST_PYTHON=$PWD/.venv/bin/python swift test. Python said: \(probe.stderrText)
            """)
    }

    /// Checks `schema` against the 2020-12 meta-schema, compiles every `pattern` and resolves
    /// every local `$ref`. Returns jsonschema's complaint, or nil when the schema is sound.
    static func metaSchemaProblem(in schema: URL) throws -> String? {
        try requireAvailable()
        let output = try ProcessRunner.python(metaSchemaScript, [schema.path])
        return output.status == 0 && output.stdoutText == "ok\n" ? nil : output.stdoutText + output.stderrText
    }

    /// Validates each JSON document in `instances` against `schema`.
    /// - Returns: per document, its violations (empty when jsonschema accepts it).
    static func validate(_ instances: [URL], against schema: URL) throws -> [[Violation]] {
        try requireAvailable()
        let output = try ProcessRunner.python(validationScript, [schema.path] + instances.map(\.path))
        try #require(output.status == 0, "jsonschema failed to run: \(output.stderrText)")
        return try JSONDecoder().decode([[Violation]].self, from: output.stdout)
    }

    /// Assembles the document the v3 schema describes from a folder an archive was extracted
    /// into: `{"manifest": …, "<section name>": <entry JSON>, …}`, sections found through the
    /// manifest. Writes it to `destination`.
    static func assembleDocument(fromExtracted folder: URL, to destination: URL) throws {
        let output = try ProcessRunner.python(assembleScript, [folder.path, destination.path])
        try #require(output.status == 0, "assembling \(folder.path) failed: \(output.stderrText)")
    }

    /// Applies each mutation (a Python statement over `doc`) to a copy of the document at
    /// `base`, writes the mutated sections to `<output>/<case index>/<name>.json` and validates
    /// each mutated document against `schema`.
    /// - Returns: per mutation, jsonschema's violations.
    static func mutateAndValidate(base: URL, mutations: [String], schema: URL, output: URL) throws -> [[Violation]] {
        try requireAvailable()
        let input = try JSONEncoder().encode(mutations)
        let result = try ProcessRunner.python(
            leafHelpers + "\n" + mutationScript, [schema.path, base.path, output.path], stdin: input)
        try #require(result.status == 0, "mutating or validating failed: \(result.stderrText)")
        return try JSONDecoder().decode([[Violation]].self, from: result.stdout)
    }

    private static let metaSchemaScript = #"""
        import json, re, sys
        from jsonschema import Draft202012Validator, validators
        from jsonschema.exceptions import SchemaError
        schema = json.load(open(sys.argv[1], encoding="utf-8"))
        if validators.validator_for(schema) is not Draft202012Validator:
            sys.exit("the schema does not declare draft 2020-12")
        try:
            Draft202012Validator.check_schema(schema)
        except SchemaError as error:
            sys.exit("meta-schema: " + error.message + " at " + error.json_path)
        def walk(node, trail):
            if isinstance(node, dict):
                for key, value in node.items():
                    if key == "pattern" and isinstance(value, str):
                        re.compile(value)
                    if key == "$ref" and isinstance(value, str):
                        target = schema
                        for part in value.lstrip("#/").split("/"):
                            if part not in target:
                                sys.exit("unresolvable $ref " + value + " at " + trail)
                            target = target[part]
                    walk(value, trail + "/" + key)
            elif isinstance(node, list):
                for index, value in enumerate(node):
                    walk(value, trail + "/" + str(index))
        walk(schema, "#")
        print("ok")
        """#

    /// Reduces jsonschema errors to leaves: an `anyOf` of a value or null (our optional fields)
    /// is replaced by the errors of its non-null branch, and a `required` error is located at
    /// the missing field, as our findings are.
    private static let leafHelpers = #"""
        import copy, json, os, re, sys
        from jsonschema import Draft202012Validator
        PLAIN = re.compile(r"^[A-Za-z0-9_]+$")
        NULL_BRANCH = {"type": "null"}
        def path_text(path):
            text = "$"
            for element in path:
                if isinstance(element, int):
                    text += "[%d]" % element
                elif PLAIN.match(element):
                    text += "." + element
                else:
                    text += '["' + element.replace("\\", "\\\\").replace('"', '\\"') + '"]'
            return text
        def leaves(error):
            if error.validator == "anyOf" and error.context:
                inner = [e for e in error.context if error.validator_value[e.relative_schema_path[0]] != NULL_BRANCH]
                found = [leaf for e in inner for leaf in leaves(e)]
                if found:
                    return found
            if error.validator == "required":
                missing = [name for name in error.validator_value if name not in error.instance]
                return [{"location": path_text(list(error.absolute_path) + [name]), "jsonPath": error.json_path,
                         "keyword": "required", "message": error.message} for name in missing]
            return [{"location": path_text(error.absolute_path), "jsonPath": error.json_path,
                     "keyword": error.validator, "message": error.message}]
        def violations(validator, document):
            return [leaf for error in validator.iter_errors(document) for leaf in leaves(error)]
        """#

    private static let validationScript =
        leafHelpers + "\n" + #"""
            validator = Draft202012Validator(json.load(open(sys.argv[1], encoding="utf-8")))
            results = []
            for path in sys.argv[2:]:
                results.append(violations(validator, json.load(open(path, encoding="utf-8"))))
            print(json.dumps(results))
            """#

    private static let assembleScript = #"""
        import json, os, sys
        folder, destination = sys.argv[1], sys.argv[2]
        manifest = json.load(open(os.path.join(folder, "manifest.json"), encoding="utf-8"))
        document = {"manifest": manifest}
        for section in manifest["sections"]:
            with open(os.path.join(folder, section["path"]), encoding="utf-8") as entry:
                document[section["name"]] = json.load(entry)
        json.dump(document, open(destination, "w", encoding="utf-8"))
        """#

    private static let mutationScript = #"""
        validator = Draft202012Validator(json.load(open(sys.argv[1], encoding="utf-8")))
        base = json.load(open(sys.argv[2], encoding="utf-8"))
        results = []
        for index, mutation in enumerate(json.load(sys.stdin)):
            doc = copy.deepcopy(base)
            exec(mutation, {"doc": doc})
            results.append(violations(validator, doc))
            folder = os.path.join(sys.argv[3], str(index))
            os.makedirs(folder)
            for name, value in doc.items():
                if name != "manifest":
                    with open(os.path.join(folder, name + ".json"), "w", encoding="utf-8") as entry:
                        json.dump(value, entry, ensure_ascii=False)
        print(json.dumps(results))
        """#
}
