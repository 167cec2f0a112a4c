import Glibc

/// The process's environment variables (`getenv`, `unsetenv`).
public enum Environment {
    /// The variable's value; nil when it is unset or empty, as shells treat `FOO=`.
    public static func value(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }

    /// Removes the variable, so that no program this process starts inherits it.
    public static func remove(_ name: String) { unsetenv(name) }
}
