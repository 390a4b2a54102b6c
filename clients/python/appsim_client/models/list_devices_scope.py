from enum import StrEnum

class ListDevicesScope(StrEnum):
    CLUSTER = "cluster"
    NODE = "node"

    def __str__(self) -> str:
        return str(self.value)
