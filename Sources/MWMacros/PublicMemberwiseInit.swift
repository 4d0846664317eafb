/// Gives a struct a `public init` taking each stored property in declaration order (Swift
/// synthesises only an internal one): a property's initial value becomes its parameter's
/// default, an Optional without one defaults to `nil` unless `requiring` names it. Write the
/// initialiser by hand where it computes, reorders or relabels. Implemented in MWMacrosPlugin.
@attached(member, names: named(init))
public macro PublicMemberwiseInit(requiring: [String] = []) =
    #externalMacro(module: "MWMacrosPlugin", type: "PublicMemberwiseInitMacro")
