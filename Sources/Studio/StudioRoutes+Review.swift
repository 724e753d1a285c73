import Foundation
import Golden
import HTTPTypes
import Hummingbird

/// The review of a check report: its page and files, and the decisions. Each asks for the
/// review token (in the query, or the cookie the page's address set), also on loopback: a
/// page of another site could otherwise post an approval. A request refused is one line.
extension StudioRoutes {
    /// The report's page with approve and reject forms; `/review` goes to `/review/`, so the
    /// page's links, relative to the report folder, resolve below it.
    @Sendable func reviewPage(_ request: Request, _ context: Context) async throws -> Response {
        guard reviewAllowed(request) else { return Self.unauthorised }
        guard request.uri.path.hasSuffix("/") else {
            let query = request.uri.query.map { "?" + $0 } ?? ""
            return Response(status: .seeOther, headers: [.location: "/review/" + query])
        }
        let review = server.review
        do {
            let page = try await offload { try review.page() }
            var response = Self.response(Data(page.utf8), type: "text/html; charset=utf-8")
            if request.uri.queryParameters.get("token") != nil { response.headers[.setCookie] = AccessToken.cookie(server.configuration.reviewToken) }
            return response
        } catch let refusal as ReviewedReport.Refusal {
            return Self.refused(refusal)
        }
    }

    /// A file of the report folder (its frames, diffs, sounds), as the page links it.
    @Sendable func reviewFile(_ request: Request, _ context: Context) async throws -> Response {
        guard reviewAllowed(request) else { return Self.unauthorised }
        return try Self.file(ServedFolder(root: server.review.reportFolder)?.file(at: Self.rest(of: request.uri.path, after: "/review/")))
    }

    /// Approves `scene` (and `frame`, when given): `golden update` of just that; back to the
    /// page (303), whose row then lists the files written.
    @Sendable func approve(_ request: Request, _ context: Context) async throws -> Response {
        guard reviewAllowed(request) else { return Self.unauthorised }
        let review = server.review, scene = request.uri.queryParameters.get("scene"),
            frame = request.uri.queryParameters.get("frame")
        do {
            let (target, wrote) = try await offload { try review.approve(scene: scene, frame: frame) }
            return Self.backToPage(target, "approved \(Self.words(target)): "
                                   + (wrote.isEmpty ? "nothing to write" : "wrote " + wrote.joined(separator: ", ")))
        } catch let refusal as ReviewedReport.Refusal {
            return Self.refused(refusal)
        }
    }

    /// Rejects `scene` (and `frame`): nothing written; back to the page, whose row says so.
    @Sendable func reject(_ request: Request, _ context: Context) async throws -> Response {
        guard reviewAllowed(request) else { return Self.unauthorised }
        let review = server.review, scene = request.uri.queryParameters.get("scene"),
            frame = request.uri.queryParameters.get("frame")
        do {
            let target = try await offload { try review.reject(scene: scene, frame: frame) }
            return Self.backToPage(target, "rejected \(Self.words(target)): the goldens are left as they are")
        } catch let refusal as ReviewedReport.Refusal {
            return Self.refused(refusal)
        }
    }

    private func reviewAllowed(_ request: Request) -> Bool { request.carries(server.configuration.reviewToken) }

    private static func words(_ target: ReportReview.Target) -> String {
        target.scene + (target.frame.map { " frame \($0)" } ?? "")
    }

    private static func backToPage(_ target: ReportReview.Target, _ line: String) -> Response {
        Response(status: .seeOther, headers: [.location: "/review/#" + ReportReview.anchor(target), .contentType: "text/plain; charset=utf-8"],
                 body: .init(byteBuffer: ByteBuffer(string: line + "\n")))
    }

    private static func refused(_ refusal: ReviewedReport.Refusal) -> Response {
        Response(status: HTTPResponse.Status(code: refusal.status), headers: [.contentType: "text/plain; charset=utf-8"],
                 body: .init(byteBuffer: ByteBuffer(string: "\(refusal.status): \(refusal.line)\n")))
    }

    private static var unauthorised: Response {
        Response(status: .unauthorized, headers: [.contentType: "text/plain; charset=utf-8"],
                 body: .init(byteBuffer: ByteBuffer(string: "401: reviewing needs the access token of the review address the studio printed\n")))
    }
}
