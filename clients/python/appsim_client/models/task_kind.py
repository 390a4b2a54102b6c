from enum import StrEnum

class TaskKind(StrEnum):
    APPREFRESH = "appRefresh"
    CONTINUEDPROCESSING = "continuedProcessing"
    PROCESSING = "processing"

    def __str__(self) -> str:
        return str(self.value)
