from enum import StrEnum

class ProblemType(StrEnum):
    URNAPPSIMPROBLEMBAD_QUERY = "urn:appsim:problem:bad-query"
    URNAPPSIMPROBLEMCONTENT_TOO_LARGE = "urn:appsim:problem:content-too-large"
    URNAPPSIMPROBLEMEVENT_NOT_ALLOWED = "urn:appsim:problem:event-not-allowed"
    URNAPPSIMPROBLEMEVENT_UNUSABLE = "urn:appsim:problem:event-unusable"
    URNAPPSIMPROBLEMFOREIGN_HOST = "urn:appsim:problem:foreign-host"
    URNAPPSIMPROBLEMFOREIGN_ORIGIN = "urn:appsim:problem:foreign-origin"
    URNAPPSIMPROBLEMINVALID_FIELD = "urn:appsim:problem:invalid-field"
    URNAPPSIMPROBLEMMALFORMED_JSON = "urn:appsim:problem:malformed-json"
    URNAPPSIMPROBLEMMALFORMED_REQUEST = "urn:appsim:problem:malformed-request"
    URNAPPSIMPROBLEMMETHOD_NOT_ALLOWED = "urn:appsim:problem:method-not-allowed"
    URNAPPSIMPROBLEMMISDIRECTED_REQUEST = "urn:appsim:problem:misdirected-request"
    URNAPPSIMPROBLEMNODE_UNAVAILABLE = "urn:appsim:problem:node-unavailable"
    URNAPPSIMPROBLEMNOT_FOUND = "urn:appsim:problem:not-found"
    URNAPPSIMPROBLEMNO_ROUTE = "urn:appsim:problem:no-route"
    URNAPPSIMPROBLEMPROXY_ERROR = "urn:appsim:problem:proxy-error"
    URNAPPSIMPROBLEMRESUME_PAST_NEWEST = "urn:appsim:problem:resume-past-newest"
    URNAPPSIMPROBLEMSHUTTING_DOWN = "urn:appsim:problem:shutting-down"
    URNAPPSIMPROBLEMSTORE_UNAVAILABLE = "urn:appsim:problem:store-unavailable"
    URNAPPSIMPROBLEMUNAUTHORIZED = "urn:appsim:problem:unauthorized"
    URNAPPSIMPROBLEMUNSUPPORTED_MEDIA_TYPE = "urn:appsim:problem:unsupported-media-type"
    URNAPPSIMPROBLEMWAIT_TIMEOUT = "urn:appsim:problem:wait-timeout"
    URNAPPSIMPROBLEMWRONG_TYPE = "urn:appsim:problem:wrong-type"

    def __str__(self) -> str:
        return str(self.value)
