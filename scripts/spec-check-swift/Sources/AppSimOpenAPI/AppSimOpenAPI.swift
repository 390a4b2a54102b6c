// The generated types and client of openapi.yaml; the OpenAPIGenerator plugin writes them at build time.
