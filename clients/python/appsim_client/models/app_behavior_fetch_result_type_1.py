from enum import StrEnum

class AppBehaviorFetchResultType1(StrEnum):
    FAILED = "failed"
    MANUAL = "manual"
    NEWDATA = "newData"
    NODATA = "noData"

    def __str__(self) -> str:
        return str(self.value)
