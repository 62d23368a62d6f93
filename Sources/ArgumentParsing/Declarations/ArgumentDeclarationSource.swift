/// A property wrapper that contributes declarations to a command's signature; the parser
/// finds these among a command's stored properties by reflection.
protocol ArgumentDeclarationSource {
    /// Adds this wrapper's declarations to `signature`.
    /// - Parameter propertyName: The declared property's name, without the leading `_`.
    func declare(into signature: inout CommandSignature, propertyName: String)
}
