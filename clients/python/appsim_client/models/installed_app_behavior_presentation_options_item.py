from enum import StrEnum

class InstalledAppBehaviorPresentationOptionsItem(StrEnum):
    BADGE = "badge"
    BANNER = "banner"
    LIST = "list"
    SOUND = "sound"

    def __str__(self) -> str:
        return str(self.value)
