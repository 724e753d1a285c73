import Hummingbird

/// Refuses every request without the access token (in the query, or the cookie the first
/// request with it set): 401, nothing else said.
struct TokenCheck<Context: RequestContext>: RouterMiddleware {
    let token: String

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let fromQuery = request.uri.queryParameters.get("token")
        let fromCookie = request.headers[.cookie].flatMap { AccessToken.cookieValue(in: $0) }
        guard AccessToken.matches(fromQuery, token) || AccessToken.matches(fromCookie, token) else {
            return Response(status: .unauthorized, headers: [.contentType: "text/plain; charset=utf-8"],
                            body: .init(byteBuffer: ByteBuffer(string: "401: this studio needs the access token of the address it printed\n")))
        }
        var response = try await next(request, context)
        if fromQuery != nil {
            response.headers[.setCookie] = "\(AccessToken.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict"
        }
        return response
    }
}
