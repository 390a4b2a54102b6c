enum OpenAPISpec {
    static let yaml = """
"""
}
