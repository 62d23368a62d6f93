/// How tightly lists are laid out.
public enum DisplayDensity: String, LenientEnum {
    case compact, standard, comfortable

    /// Unknown densities read as standard.
    public static let fallback = DisplayDensity.standard
}
