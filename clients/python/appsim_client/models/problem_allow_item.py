from enum import StrEnum

class ProblemAllowItem(StrEnum):
    DELETE = "DELETE"
    GET = "GET"
    POST = "POST"

    def __str__(self) -> str:
        return str(self.value)
