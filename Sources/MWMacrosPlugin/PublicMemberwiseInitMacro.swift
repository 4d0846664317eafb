// `@PublicMemberwiseInit`, written by hand: Swift synthesises a struct's memberwise initialiser
// only as `internal`, so every public value type another module builds (ForeignItem's parts,
// RestoreOptions, Viewing, …) carried a hand-copied `public init` repeating its properties, and
// the machine's package mirror has no memberwise-init macro package to take instead. This is
// the one copy: a member macro writing that `public init` from the stored properties.
import SwiftCompilerPlugin
import SwiftSyntax
import SwiftSyntaxMacros

/// Adds `public init(...)` to a struct: one parameter per stored property, in declaration
/// order, named as the property; a property's initial value is its parameter's default, and an
/// Optional without one defaults to `nil` unless `requiring:` names it. Constants with an initial
/// value are left out (they cannot be assigned again); computed properties and `static` ones too.
public struct PublicMemberwiseInitMacro: MemberMacro {
    public static func expansion(
        of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard declaration.is(StructDeclSyntax.self) else {
            throw MacroError("@PublicMemberwiseInit applies to a struct")
        }
        let required = try requiredNames(node)
        var parameters: [String] = []
        var assignments: [String] = []
        var optionals: Set<String> = []
        for member in declaration.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                  !variable.modifiers.contains(where: { ["static", "class"].contains($0.name.text) }) else { continue }
            let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
            for binding in variable.bindings where isStored(binding) {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
                    throw MacroError("@PublicMemberwiseInit: a stored property needs a plain name (\(binding.pattern.trimmedDescription))")
                }
                if isLet && binding.initializer != nil { continue }
                guard let type = binding.typeAnnotation?.type else {
                    throw MacroError("@PublicMemberwiseInit: property '\(name)' needs a type annotation")
                }
                var parameter = "\(name): \(escapingIfFunction(type))"
                if let value = binding.initializer?.value {
                    parameter += " = \(value.trimmedDescription)"
                } else if isOptional(type) {
                    optionals.insert(name)
                    if !required.contains(name) { parameter += " = nil" }
                }
                parameters.append(parameter)
                assignments.append("self.\(name) = \(name)")
            }
        }
        // A name that is no Optional property without an initial value would require nothing:
        // a typo or a stale name, refused rather than ignored.
        if let stray = required.subtracting(optionals).sorted().first {
            throw MacroError("@PublicMemberwiseInit: requiring: names '\(stray)', which is not an Optional stored property without an initial value")
        }
        let decl: DeclSyntax = """
            /// A value of each stored property, in declaration order (`@PublicMemberwiseInit`).
            public init(\(raw: parameters.joined(separator: ", "))) {
            \(raw: assignments.joined(separator: "\n"))
            }
            """
        return [decl]
    }

    /// The names in `requiring: ["a", "b"]`: Optionals whose parameter has no default.
    private static func requiredNames(_ node: AttributeSyntax) throws -> Set<String> {
        guard case .argumentList(let arguments)? = node.arguments else { return [] }
        var names: Set<String> = []
        for argument in arguments where argument.label?.text == "requiring" {
            guard let array = argument.expression.as(ArrayExprSyntax.self) else {
                throw MacroError("@PublicMemberwiseInit: requiring: takes an array of string literals")
            }
            for element in array.elements {
                guard let literal = element.expression.as(StringLiteralExprSyntax.self),
                      let text = literal.representedLiteralValue else {
                    throw MacroError("@PublicMemberwiseInit: requiring: takes an array of string literals")
                }
                names.insert(text)
            }
        }
        return names
    }

    /// A binding with storage: no accessors, or only observers (`willSet`/`didSet`).
    private static func isStored(_ binding: PatternBindingSyntax) -> Bool {
        switch binding.accessorBlock?.accessors {
        case nil: return true
        case .getter?: return false
        case .accessors(let list)?:
            return list.allSatisfy { [.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind) }
        }
    }

    private static func isOptional(_ type: TypeSyntax) -> Bool {
        type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)
            || type.as(IdentifierTypeSyntax.self)?.name.text == "Optional"
    }

    /// A stored closure's parameter must be `@escaping` (an Optional closure already escapes).
    private static func escapingIfFunction(_ type: TypeSyntax) -> String {
        let text = type.trimmedDescription
        if type.is(FunctionTypeSyntax.self) { return "@escaping " + text }
        if let attributed = type.as(AttributedTypeSyntax.self), attributed.baseType.is(FunctionTypeSyntax.self) {
            return "@escaping " + text
        }
        return text
    }
}

/// A misuse of the macro, shown at the attribute.
struct MacroError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

@main
struct MWMacrosPlugin: CompilerPlugin {
    let providingMacros: [Macro.Type] = [PublicMemberwiseInitMacro.self]
}
