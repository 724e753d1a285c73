import Hummingbird

/// Refuses every request without the access token (in the query, or the cookie the first
/// request with it set): 401, nothing else said.
struct TokenCheck<Context: RequestContext>: RouterMiddleware {
    let token: String

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.carries(token) else {
            return Response(status: .unauthorized, headers: [.contentType: "text/plain; charset=utf-8"],
                            body: .init(byteBuffer: ByteBuffer(string: "401: this studio needs the access token of the address it printed\n")))
        }
        var response = try await next(request, context)
        if request.uri.queryParameters.get("token") != nil { response.headers[.setCookie] = AccessToken.cookie(token) }
        return response
    }
}

extension Request {
    /// Whether the request carries `token`, in its query or in the cookie the page keeps.
    func carries(_ token: String) -> Bool {
        let fromCookie = headers[.cookie].flatMap { AccessToken.cookieValue(in: $0) }
        return AccessToken.matches(uri.queryParameters.get("token"), token) || AccessToken.matches(fromCookie, token)
    }
}

extension AccessToken {
    /// The Set-Cookie value that keeps `token` for the page's own later requests.
    static func cookie(_ token: String) -> String {
        "\(cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict"
    }
}
