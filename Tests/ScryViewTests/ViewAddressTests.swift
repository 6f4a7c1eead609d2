import Testing

@testable import ScryView

@Suite struct ViewAddressTests {
    @Test func readsPortsHostsAndBracketedAddresses() {
        #expect(ViewAddress(argument: "8080") == ViewAddress(host: "127.0.0.1", port: 8080))
        #expect(ViewAddress(argument: "0.0.0.0:9000") == ViewAddress(host: "0.0.0.0", port: 9000))
        #expect(ViewAddress(argument: "localhost") == ViewAddress(host: "localhost", port: ViewAddress.defaultPort))
        #expect(ViewAddress(argument: "[::1]:8081") == ViewAddress(host: "::1", port: 8081))
        #expect(ViewAddress(argument: "[::]") == ViewAddress(host: "::", port: ViewAddress.defaultPort))
    }

    @Test func refusesWhatIsNotAnAddress() {
        for text in ["", "70000", "-1", "host:", "host:port", "a b:80", "[::1", "[::1]80", "h/../x:80", "host:99999"] {
            #expect(ViewAddress(argument: text) == nil, "\(text)")
        }
    }

    @Test func onlyLoopbackIsLoopback() {
        #expect(ViewAddress(host: "127.0.0.1", port: 1).isLoopback)
        #expect(ViewAddress(host: "127.3.2.1", port: 1).isLoopback)
        #expect(ViewAddress(host: "::1", port: 1).isLoopback)
        #expect(ViewAddress(host: "localhost", port: 1).isLoopback)
        #expect(!ViewAddress(host: "0.0.0.0", port: 1).isLoopback)
        #expect(!ViewAddress(host: "::", port: 1).isLoopback)
        #expect(!ViewAddress(host: "192.168.1.4", port: 1).isLoopback)
        #expect(!ViewAddress(host: "127.0.0.1.example.com", port: 1).isLoopback)
    }

    @Test func tokensAreRandomAndComparedWhole() {
        let token = ViewToken.random()
        #expect(token.value.count == 32)
        #expect(token != ViewToken.random())
        #expect(token.accepts(Substring(token.value)))
        #expect(!token.accepts(Substring(token.value.dropLast())))
        #expect(!token.accepts(nil))
        #expect(!token.accepts(""))
    }
}
