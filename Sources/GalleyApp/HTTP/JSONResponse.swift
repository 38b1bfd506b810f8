import GalleyCore
import GalleyServer

extension HTTPResponse {
    /// A JSON answer of the API, the one way every endpoint sends one: UTF-8
    /// said in the type, and never cached, as each follows the latest save.
    static func json(_ json: JSONWriter, status: Int = 200) -> HTTPResponse {
        self.json(SharedBody(json.bytes), status: status)
    }

    static func json(_ body: SharedBody, status: Int = 200) -> HTTPResponse {
        let headers = [("Content-Type", "application/json; charset=utf-8"), ("Cache-Control", "no-store")]
        return HTTPResponse(status: status, headers: headers + SecurityHeaders.all, body: body)
    }
}
