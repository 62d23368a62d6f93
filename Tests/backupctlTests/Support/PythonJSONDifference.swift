/// A Python function the tests' peer scripts share: `difference(expected, actual, path)`
/// compares two parsed JSON values strictly (`true` is not `1`, `1.0` is not `1`, key order
/// does not matter) and returns the first difference as text, or None.
enum PythonJSONDifference {
    static let function = #"""
        def difference(expected, actual, path):
            if type(expected) is not type(actual):
                return f"{path}: expected {expected!r}, found {actual!r}"
            if isinstance(expected, dict):
                for key in sorted(set(expected) | set(actual)):
                    if key not in actual:
                        return f"{path}.{key}: missing"
                    if key not in expected:
                        return f"{path}.{key}: not expected, found {actual[key]!r}"
                    found = difference(expected[key], actual[key], f"{path}.{key}")
                    if found:
                        return found
                return None
            if isinstance(expected, list):
                for index, (left, right) in enumerate(zip(expected, actual)):
                    found = difference(left, right, f"{path}[{index}]")
                    if found:
                        return found
                return None if len(expected) == len(actual) else f"{path}: {len(expected)} elements expected, found {len(actual)}"
            return None if expected == actual else f"{path}: expected {expected!r}, found {actual!r}"
        """#
}
