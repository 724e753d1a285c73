import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOHTTP1

/// The studio's connections: HTTP/1 with the WebSocket upgrade, plus an answer to a first request
/// that cannot be parsed (a request line or headers over the parser's limit, bytes that are not
/// HTTP). Without it such a request got no answer and its connection stayed open for good: the
/// upgrade path leaves parser errors to a handler that is only added once a request head parsed.
struct StudioConnection: ServerChildChannel {
    let upgrading: HTTP1WebSocketUpgradeChannel

    /// The server's connections, answering HTTP through `router` and upgrading to a WebSocket
    /// where `webSocketRouter` says so.
    static func builder(webSocketRouter: Router<BasicWebSocketRequestContext>) -> HTTPServerBuilder {
        let webSocketResponder = webSocketRouter.buildResponder()
        return HTTPServerBuilder { responder in
            StudioConnection(upgrading: HTTP1WebSocketUpgradeChannel(responder: responder, webSocketResponder: webSocketResponder,
                                                                    configuration: .init()))
        }
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1WebSocketUpgradeChannel.Value> {
        upgrading.setup(channel: channel, logger: logger).flatMapThrowing { value in
            try channel.pipeline.syncOperations.addHandler(MalformedRequestRefusal())
            return value
        }
    }

    func handle(value: HTTP1WebSocketUpgradeChannel.Value, logger: Logger) async {
        await upgrading.handle(value: value, logger: logger)
    }
}

/// Answers a connection's first request that the HTTP parser refused (431 for a request line or
/// headers over its limit, 400 otherwise) and closes the connection. Inbound only, so it never
/// sees what the connection writes after a WebSocket upgrade; once a request got through, a
/// later parser error only closes the connection, since a response may be under way.
final class MalformedRequestRefusal: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    /// How long the rest of a refused request is read and dropped before the connection closes.
    static let lingering = TimeAmount.seconds(2)

    private var requestSeen = false
    private var refused = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        requestSeen = true
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parserError = error as? HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        guard !refused else { return }
        refused = true
        guard !requestSeen else {
            context.close(promise: nil)
            return
        }
        let status: HTTPResponseStatus = parserError == .headerOverflow ? .requestHeaderFieldsTooLarge : .badRequest
        let head = HTTPResponseHead(version: .http1_1, status: status, headers: ["Connection": "close", "Content-Length": "0"])
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        // Closed for writing first, then whole a moment later: closing outright while the rest of
        // a long request is still arriving resets the connection, and the client loses the answer.
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
            channel.close(mode: .output, promise: nil)
            channel.eventLoop.scheduleTask(in: Self.lingering) { channel.close(promise: nil) }
        }
    }
}
