from enum import StrEnum

class ListInstancesScope(StrEnum):
    CLUSTER = "cluster"
    NODE = "node"

    def __str__(self) -> str:
        return str(self.value)
