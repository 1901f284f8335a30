internal import Hummingbird
internal import HummingbirdCore
internal import Logging
internal import NIOCore
package import RiffleConfig
package import RiffleCore
internal import ServiceLifecycle

/// `riffle serve`'s HTTP server: Hummingbird 2 over the routes (`FeedRoutes`), run as a `Service` beside
/// the refresher in one `ServiceGroup` that shuts down gracefully on SIGTERM and SIGINT: the listener
/// closes, requests in flight finish (at most `gracePeriod`), the services end, and `run` returns.
package struct ServeServer: Sendable {
    let routes: FeedRoutes
    let listen: ListenAddress
    /// `--access-log`: one line per request, given to `log`.
    let accessLog: Bool
    /// Where lines go (stderr, `riffle:`-prefixed by the caller).
    let log: @Sendable (String) -> Void

    /// Connections served at once; more wait in the listen backlog.
    package static let maxConnections = 256
    /// A connection with nothing to read for this long is closed.
    package static let idleTimeout: Int64 = 30
    /// How long requests in flight may take to finish once a shutdown begins.
    package static let gracePeriod: Duration = .seconds(10)

    package init(
        routes: FeedRoutes, listen: ListenAddress, accessLog: Bool, log: @escaping @Sendable (String) -> Void
    ) {
        self.routes = routes
        self.listen = listen
        self.accessLog = accessLog
        self.log = log
    }

    /// Serves until SIGTERM or SIGINT, with `refresher` run beside the server when given. Says
    /// `serving on http://HOST:PORT` once bound (the port the system chose for `:0`).
    package func run(beside refresher: Refresher?) async throws {
        let others: [any Service] = refresher.map { [$0] } ?? []
        let routes = self.routes
        let accessLog = self.accessLog
        let log = self.log
        let responder = CallbackResponder<BasicRequestContext> { request, _ in
            await Self.answer(request, routes: routes, accessLog: accessLog, log: log)
        }
        var logger = Logger(label: "riffle.serve")
        logger.logLevel = .critical
        let http1 = HTTP1Channel.Configuration(
            idleTimeout: .seconds(Self.idleTimeout),
            httpDecoderConfiguration: .init(
                maxHeaderFieldSize: 8 * 1024, maxHeaderListSize: 16 * 1024, maxHeaderFieldCount: 100))
        let listen = self.listen
        let app = Application(
            responder: responder, server: .http1(configuration: http1),
            configuration: ApplicationConfiguration(
                address: .hostname(listen.host, port: listen.port), serverName: nil,
                availableConnectionsDelegate: MaximumAvailableConnections(Self.maxConnections)),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? listen.port
                log("serving on http://\(ListenAddress(host: listen.host, port: port))")
            },
            logger: logger)
        // Shut down in reverse order: the refresher first (its wait ends; a refresh in flight finishes), then
        // the server (the listener closes, requests in flight finish). Past `gracePeriod`, both are cancelled.
        // The refresher ending on its own leaves the server serving.
        var configuration = ServiceGroupConfiguration(
            services: [ServiceGroupConfiguration.ServiceConfiguration(service: app)]
                + others.map {
                    ServiceGroupConfiguration.ServiceConfiguration(service: $0, successTerminationBehavior: .ignore)
                },
            gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        configuration.maximumGracefulShutdownDuration = Self.gracePeriod
        do {
            try await ServiceGroup(configuration: configuration).run()
        } catch let error as IOError {
            throw ListenFailure(address: listen, error: error)
        }
    }

    /// One request through the routes, its access line written when asked.
    static func answer(
        _ request: Request, routes: FeedRoutes, accessLog: Bool, log: @Sendable (String) -> Void
    ) async -> Response {
        let clock = ContinuousClock()
        let started = clock.now
        let served = await respond(request, routes: routes)
        var headers = HTTPFields()
        for (name, value) in served.headers {
            if let field = HTTPFields.Element.Name(name) { headers[field] = value }
        }
        let response: Response
        if served.status == 304 || request.method == .head {
            // No body: a 304 carries no Content-Length (none is written for an empty closure body), a HEAD
            // the one its GET would have (set by the routes).
            response = Response(
                status: HTTPResponse.Status(code: served.status), headers: headers,
                body: ResponseBody(contentLength: nil) { writer in try await writer.finish(nil) })
        } else {
            response = Response(
                status: HTTPResponse.Status(code: served.status), headers: headers,
                body: ResponseBody(byteBuffer: NIOCore.ByteBuffer(bytes: served.body)))
        }
        if accessLog {
            let milliseconds = Int((clock.now - started).milliseconds)
            log(
                AccessLog.line(
                    method: request.method.rawValue, path: request.uri.path, rawQuery: request.uri.query,
                    status: served.status, bytes: served.body.count, milliseconds: milliseconds))
        }
        return response
    }

    /// The request as the routes read it, refused early when its address is too long.
    static func respond(_ request: Request, routes: FeedRoutes) async -> ServedResponse {
        let uri = request.uri.string
        guard uri.utf8.count <= FeedRoutes.maxURILength else {
            return FeedRoutes.failure(.uriTooLong(FeedRoutes.maxURILength))
        }
        var parameters: [(name: String, value: String)] = []
        for (name, value) in request.uri.queryParameters {
            parameters.append((String(name), String(value)))
            if parameters.count > FeedQuery.maxParameters { break }
        }
        let served = ServedRequest(
            method: request.method.rawValue, path: request.uri.path, parameters: parameters,
            authorization: request.headers[.authorization], ifNoneMatch: request.headers[.ifNoneMatch],
            ifModifiedSince: request.headers[.ifModifiedSince], acceptEncoding: request.headers[.acceptEncoding],
            host: request.head.authority)
        return await routes.respond(to: served)
    }
}
