from enum import StrEnum

class InstalledAppBehaviorFetchResult(StrEnum):
    FAILED = "failed"
    MANUAL = "manual"
    NEWDATA = "newData"
    NODATA = "noData"

    def __str__(self) -> str:
        return str(self.value)
